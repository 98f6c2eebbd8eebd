import type { ScoreType } from '../types';
import type { GroupProfile } from './profile';
import { clampPercent, mean, norm, sim } from './scale';

/** TOP_TEN compares at most this many of the team's top items. */
export const TOP_TEN_MAX_ITEMS = 10;

/** The candidate's view of a dimension: the level must exist (a missing one is handled by the caller). */
export interface ScoredGroupProfile extends GroupProfile {
  readonly level: number;
}

/**
 * Score of one dimension, 0-100, unrounded (docs/scoring.md, "The eight score types"). `members` are the team members
 * with a level on this dimension; `rank` gives a question's position in its group (for TOP_TEN ties).
 *
 * With no member to compare against (N = 0) every type scores `norm(c)`: the candidate's own
 * level is all there is. TOP_TEN and CONFLICT use the same fallback when the team has no item or
 * sub-group in common with the candidate, which only happens with partial answers.
 */
export function scoreDimension(
  scoreType: ScoreType,
  candidate: ScoredGroupProfile,
  members: readonly ScoredGroupProfile[],
  rank: (questionId: number) => number,
): number {
  const c = candidate.level;
  if (members.length === 0) return norm(c);
  const levels = members.map((member) => member.level);
  const teamMean = mean(levels);

  switch (scoreType) {
    case 'SUPPLEMENTARY':
      return clampPercent(100 * sim(c, teamMean));
    case 'INDIVIDUAL_SUPPLEMENTARY':
      // Like each member, not just the average: a split team cannot be matched by its midpoint.
      return clampPercent(100 * mean(levels.map((t) => sim(c, t))));
    case 'COMPLEMENTARY':
      return complementary(c, teamMean);
    case 'TOP_TEN':
      return topTen(candidate, members, rank) ?? norm(c);
    case 'CONFLICT':
      return conflict(candidate, members) ?? norm(c);
    case 'MAX_MEAN':
      return norm(Math.max(c, ...levels));
    case 'MIN_MEAN':
      return norm(Math.min(c, ...levels));
    case 'GROUP_AVERAGE':
      return norm(mean([c, ...levels]));
  }
}

/**
 * `100 * (1 - g * (1 - s))`, `g = (5 - T) / 4` the team's gap, `s = (c - 1) / 4` the candidate's
 * strength: where the team is low the score is the candidate's strength; where it is high there
 * is no gap and any candidate fits.
 */
export function complementary(c: number, teamMean: number): number {
  const gap = (5 - teamMean) / 4;
  const strength = (c - 1) / 4;
  return clampPercent(100 * (1 - gap * (1 - strength)));
}

/**
 * The team's top K items by mean member value, K = min(10, floor(n / 2)) over the n items both
 * the candidate and at least one member answered; ties go to the lower question order. Returns
 * null when K = 0 (fewer than two comparable items): there are no shared priorities to measure.
 */
function topTen(
  candidate: ScoredGroupProfile,
  members: readonly ScoredGroupProfile[],
  rank: (questionId: number) => number,
): number | null {
  const comparable: ComparableItem[] = [];
  for (const [questionId, candidateValue] of candidate.items) {
    const memberValues = members.flatMap((member) => {
      const value = member.items.get(questionId);
      return value === undefined ? [] : [value];
    });
    if (memberValues.length > 0) comparable.push({ questionId, candidateValue, teamValue: mean(memberValues) });
  }
  return topTenOfComparable(comparable, rank);
}

/** An item both the candidate and at least one member answered: the candidate's value and the members' mean. */
export interface ComparableItem {
  questionId: number;
  candidateValue: number;
  teamValue: number;
}

/** The TOP_TEN score over the comparable items (sorted in place), or null when K = 0. */
export function topTenOfComparable(comparable: ComparableItem[], rank: (questionId: number) => number): number | null {
  const k = Math.min(TOP_TEN_MAX_ITEMS, Math.floor(comparable.length / 2));
  if (k === 0) return null;
  comparable.sort((a, b) => b.teamValue - a.teamValue || rank(a.questionId) - rank(b.questionId));
  const top = comparable.slice(0, k);
  return clampPercent(100 * mean(top.map((item) => sim(item.candidateValue, item.teamValue))));
}

/**
 * Style by style: the mean similarity over the candidate's sub-groups that at least one member
 * also has, each compared with the mean of the members' sub-group levels. Null when none is shared.
 */
function conflict(candidate: ScoredGroupProfile, members: readonly ScoredGroupProfile[]): number | null {
  const similarities: number[] = [];
  for (const [subGroup, candidateLevel] of candidate.subGroups) {
    const memberLevels = members.flatMap((member) => {
      const level = member.subGroups.get(subGroup);
      return level === undefined ? [] : [level];
    });
    if (memberLevels.length > 0) similarities.push(sim(candidateLevel, mean(memberLevels)));
  }
  return similarities.length > 0 ? clampPercent(100 * mean(similarities)) : null;
}
