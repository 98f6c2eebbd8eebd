import { categoryOf } from '../categories';
import { round2 } from '../rounding';
import type { WorkstyleResult } from '../types';
import { dimensionResult, levelDetail } from './compute-workstyle';
import { clampPercent, norm, scoredValue, sim } from './scale';
import { complementary, TOP_TEN_MAX_ITEMS } from './score-types';
import type { CompactQuestionnaire, LevelTally, ReadonlyTeamAggregate } from './team-aggregate';
import { checkValues, type DimensionLayout, type Layout, layoutOf, partsOf, partsWithout, type TeamPart } from './team-scorer-parts';
import { overallScore } from './weights';

/*
 * The overall workstyle score of many candidates against one team context, for ranking them
 * (shortlist): the number computeWorkstyleWithTeam gives as `overallScore`, bit for bit (property
 * tested), without its per-candidate profile, maps, detail blocks and validity. Everything that
 * depends on the team alone is computed once; per candidate each number is computed with exactly
 * the floating-point operations of the reference path, in the same order:
 * - a level (of a dimension or a CONFLICT sub-group) is a mean of integers: `sum / count`;
 * - every mean of non-integers adds its numbers in ascending order, as `mean` and the team's
 *   tallies do: the few TOP_TEN and CONFLICT similarities are sorted in a scratch array, the
 *   INDIVIDUAL_SUPPLEMENTARY similarities come out ascending by walking the team's sorted distinct
 *   levels from both ends (`sim(c, t)` only grows as `|c - t|` shrinks), and GROUP_AVERAGE adds
 *   the candidate's level at its place among the team's sorted levels;
 * - TOP_TEN's order of the team's items (mean member value, then delivery order) is a total
 *   order, so the candidate's comparable items come in that order by filtering the team's list.
 * A member left out of their own team context is scored by a scorer derived from the whole team's
 * (without()), as TeamAggregate.removeMember derives the aggregate.
 */

/** Space one candidate's scoring works in; shared by a scorer and those derived from it (scoring is synchronous). */
class Scratch {
  readonly scores: number[];
  /** The candidate's level per dimension (NaN: none). */
  readonly levels: Float64Array;
  readonly subGroupSums: Float64Array;
  readonly subGroupCounts: Int32Array;
  readonly subGroupSimilarities: Float64Array;
  readonly topSimilarities = new Float64Array(TOP_TEN_MAX_ITEMS);

  constructor(layout: Layout) {
    this.scores = layout.weights.map(() => 0);
    this.levels = new Float64Array(layout.weights.length);
    this.subGroupSums = new Float64Array(layout.mostSubGroups);
    this.subGroupCounts = new Int32Array(layout.mostSubGroups);
    this.subGroupSimilarities = new Float64Array(layout.mostSubGroups);
  }
}

export class TeamScorer {
  private constructor(
    private readonly questionnaire: CompactQuestionnaire,
    private readonly layout: Layout,
    private readonly parts: readonly TeamPart[],
    private readonly scratch: Scratch,
  ) {}

  /** A scorer of this team context; `team` is read now: later changes to it change no score. */
  static of(team: ReadonlyTeamAggregate): TeamScorer {
    const layout = layoutOf(team.questionnaire);
    return new TeamScorer(team.questionnaire, layout, partsOf(team, layout), new Scratch(layout));
  }

  /**
   * The scorer of this team without one of its members, whose compact values these are (the
   * team context of a member left out of their own team), without copying the aggregate.
   */
  without(values: ArrayLike<number>): TeamScorer {
    return new TeamScorer(this.questionnaire, this.layout, partsWithout(this.parts, this.layout, values), this.scratch);
  }

  /**
   * computeWorkstyleWithTeam(team, answersFromValues(questionnaire, values)).overallScore, from
   * compact values in the team's questionnaire order (0: not answered); refuses values the full
   * path refuses, with its message.
   */
  overallScore(values: ArrayLike<number>): number {
    return round2(overallScore(this.layout.weights, this.dimensionScores(values)));
  }

  /**
   * computeWorkstyleWithTeam's overall score, category and dimensions (with their detail) for
   * these values: what a ranked item shows and its reasons are read from, without the validity,
   * time and team size a ranking never shows.
   */
  result(values: ArrayLike<number>): Pick<WorkstyleResult, 'overallScore' | 'overallCategory' | 'dimensions'> {
    const scores = this.dimensionScores(values);
    const { weights } = this.layout;
    const dimensions = this.questionnaire.prepared.groups.map((group, index) => {
      const level = this.scratch.levels[index] ?? NaN;
      return dimensionResult(
        group,
        scores[index] ?? 0,
        weights[index] ?? 0,
        levelDetail(Number.isNaN(level) ? null : level, this.parts[index]?.statistics ?? null),
      );
    });
    const overall = round2(overallScore(weights, scores));
    return { overallScore: overall, overallCategory: categoryOf(overall), dimensions };
  }

  /**
   * Each dimension's unrounded score, as TeamAggregate.scoreDimension gives it (0 where the
   * candidate has no level; the candidate's levels are kept for result()). The array is reused:
   * read it before the next call.
   */
  dimensionScores(values: ArrayLike<number>): readonly number[] {
    checkValues(this.layout, values);
    const { dimensions } = this.layout;
    for (let index = 0; index < dimensions.length; index += 1) {
      this.scratch.scores[index] = this.dimensionScore(dimensions[index] as DimensionLayout, this.parts[index] as TeamPart, index, values);
    }
    return this.scratch.scores;
  }

  private dimensionScore(dimension: DimensionLayout, team: TeamPart, index: number, values: ArrayLike<number>): number {
    const { positions, reverse } = dimension;
    const conflict = dimension.scoreType === 'CONFLICT';
    if (conflict) {
      this.scratch.subGroupSums.fill(0);
      this.scratch.subGroupCounts.fill(0);
    }
    let sum = 0;
    let count = 0;
    for (let item = 0; item < positions.length; item += 1) {
      const raw = values[positions[item] ?? 0] ?? 0;
      if (raw === 0) continue;
      const value = scoredValue(raw, reverse[item] === 1);
      sum += value;
      count += 1;
      if (conflict) {
        const subGroup = dimension.subGroupOf[item] ?? 0;
        this.scratch.subGroupSums[subGroup] = (this.scratch.subGroupSums[subGroup] ?? 0) + value;
        this.scratch.subGroupCounts[subGroup] = (this.scratch.subGroupCounts[subGroup] ?? 0) + 1;
      }
    }
    // A candidate who answered none of the dimension's items has shown no fit there.
    this.scratch.levels[index] = count === 0 ? NaN : sum / count;
    if (count === 0) return 0;
    const c = sum / count;
    const { statistics } = team;
    if (statistics === null) return norm(c);
    switch (dimension.scoreType) {
      case 'SUPPLEMENTARY':
        return clampPercent(100 * sim(c, statistics.mean));
      case 'INDIVIDUAL_SUPPLEMENTARY':
        return clampPercent(100 * meanSimilarity(c, team.levels));
      case 'COMPLEMENTARY':
        return complementary(c, statistics.mean);
      case 'TOP_TEN':
        return this.topTen(dimension, team, values) ?? norm(c);
      case 'CONFLICT':
        return this.conflict(team) ?? norm(c);
      case 'MAX_MEAN':
        return norm(Math.max(c, statistics.max));
      case 'MIN_MEAN':
        return norm(Math.min(c, statistics.min));
      case 'GROUP_AVERAGE':
        return norm(meanWith(c, team.levels));
    }
  }

  private topTen(dimension: DimensionLayout, team: TeamPart, values: ArrayLike<number>): number | null {
    const { positions } = dimension;
    const { topOrder } = team;
    let comparable = 0;
    for (let n = 0; n < topOrder.length; n += 1) if ((values[positions[topOrder[n] ?? 0] ?? 0] ?? 0) !== 0) comparable += 1;
    const k = Math.min(TOP_TEN_MAX_ITEMS, Math.floor(comparable / 2));
    if (k === 0) return null;
    let taken = 0;
    for (let n = 0; n < topOrder.length && taken < k; n += 1) {
      const item = topOrder[n] ?? 0;
      const raw = values[positions[item] ?? 0] ?? 0;
      if (raw === 0) continue;
      insertSorted(this.scratch.topSimilarities, taken, sim(scoredValue(raw, dimension.reverse[item] === 1), team.itemMeans[item] ?? 0));
      taken += 1;
    }
    return clampPercent(100 * (sumOf(this.scratch.topSimilarities, k) / k));
  }

  /** After dimensionScore filled the candidate's sub-group sums: the mean similarity over the sub-groups both have. */
  private conflict(team: TeamPart): number | null {
    let shared = 0;
    team.subGroups.forEach((tally, subGroup) => {
      const count = this.scratch.subGroupCounts[subGroup] ?? 0;
      if (count === 0 || tally.size === 0) return;
      insertSorted(this.scratch.subGroupSimilarities, shared, sim((this.scratch.subGroupSums[subGroup] ?? 0) / count, tally.mean));
      shared += 1;
    });
    return shared > 0 ? clampPercent(100 * (sumOf(this.scratch.subGroupSimilarities, shared) / shared)) : null;
  }
}

/** Inserts `value` into the ascending `list[0..length)`, which grows by one. */
function insertSorted(list: Float64Array, length: number, value: number): void {
  let at = length;
  while (at > 0 && (list[at - 1] ?? 0) > value) {
    list[at] = list[at - 1] ?? 0;
    at -= 1;
  }
  list[at] = value;
}

function sumOf(list: Float64Array, length: number): number {
  let sum = 0;
  for (let n = 0; n < length; n += 1) sum += list[n] ?? 0;
  return sum;
}

/** The mean of `sim(c, t)` over the members' levels t, added in ascending order (farthest level first). */
function meanSimilarity(c: number, levels: LevelTally): number {
  const { values, counts } = levels;
  let low = 0;
  let high = values.length - 1;
  let sum = 0;
  while (low <= high) {
    const fromLow = Math.abs(c - (values[low] ?? 0));
    const fromHigh = Math.abs(c - (values[high] ?? 0));
    const index = fromLow >= fromHigh ? low++ : high--;
    const similarity = sim(c, values[index] ?? 0);
    for (let n = counts[index] ?? 0; n > 0; n -= 1) sum += similarity;
  }
  return sum / levels.size;
}

/** The mean of the members' levels and `c`, added in ascending order. */
function meanWith(c: number, levels: LevelTally): number {
  const { values, counts } = levels;
  let sum = 0;
  let added = false;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index] ?? 0;
    if (!added && c <= value) {
      sum += c;
      added = true;
    }
    for (let n = counts[index] ?? 0; n > 0; n -= 1) sum += value;
  }
  if (!added) sum += c;
  return sum / (levels.size + 1);
}
