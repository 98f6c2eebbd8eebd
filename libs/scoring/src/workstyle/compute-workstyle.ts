import { categoryOf } from '../categories';
import { round2 } from '../rounding';
import {
  WORKSTYLE_SCORING_VERSION,
  type DimensionDetail,
  type DimensionResult,
  type QuestionGroupDefinition,
  type WorkstyleInput,
  type WorkstyleResult,
} from '../types';
import { buildProfile, type GroupProfile, type PersonProfile } from './profile';
import { prepareQuestionnaire, type PreparedQuestionnaire } from './questionnaire';
import { mean } from './scale';
import { scoreDimension, type ScoredGroupProfile } from './score-types';
import { computeValidity } from './validity';
import { overallScore, weightPercentages } from './weights';

/**
 * Workstyle fit of a candidate with a team (docs/scoring.md, "Workstyle"): one result per question
 * group in group order, the weighted overall score, the validity block and `teamSize`.
 */
export function computeWorkstyle(input: WorkstyleInput): WorkstyleResult {
  const questionnaire = prepareQuestionnaire(input.questionnaire);
  const candidate = buildProfile(questionnaire, input.candidateAnswers);
  const team = input.teamAnswers.map((answers) => buildProfile(questionnaire, answers));
  return scoreProfiles(questionnaire, candidate, team);
}

/** The scoring step on already-built profiles; comparisons reuse it to build each profile once. */
export function scoreProfiles(
  questionnaire: PreparedQuestionnaire,
  candidate: PersonProfile,
  team: readonly PersonProfile[],
): WorkstyleResult {
  // A member with no scored answer is no member (docs/scoring.md, "From answers to levels").
  const members = team.filter((member) => member.scoredItemCount > 0);
  const weights = weightPercentages(questionnaire.groups);
  const rank = (questionId: number): number => questionnaire.deliveryRank.get(questionId) ?? 0;

  const scores: number[] = [];
  const dimensions: DimensionResult[] = questionnaire.groups.map((group, index) => {
    const candidateGroup = candidate.groups.get(group.id);
    const memberGroups = members.flatMap((member) => {
      const profile = member.groups.get(group.id);
      return profile && hasLevel(profile) ? [profile] : [];
    });
    // A candidate who answered none of the dimension's items has shown no fit there: 0, not a guess.
    const score = candidateGroup && hasLevel(candidateGroup) ? scoreDimension(group.scoreType, candidateGroup, memberGroups, rank) : 0;
    scores.push(score);
    return dimensionResult(group, score, weights[index] ?? 0, detailOf(candidateGroup?.level ?? null, memberGroups));
  });

  return workstyleResult(questionnaire, candidate, weights, scores, dimensions, members.length);
}

/** The overall score, time and validity around already-scored dimensions (shared by every scoring path). */
export function workstyleResult(
  questionnaire: PreparedQuestionnaire,
  candidate: PersonProfile,
  weights: readonly number[],
  scores: readonly number[],
  dimensions: DimensionResult[],
  teamSize: number,
): WorkstyleResult {
  const overall = round2(overallScore(weights, scores));
  let totalTimeTaken = 0;
  for (const answer of candidate.answers.values()) totalTimeTaken += answer.timeTaken ?? 0;

  return {
    overallScore: overall,
    overallCategory: categoryOf(overall),
    totalTimeTaken,
    dimensions,
    teamSize,
    scoringVersion: WORKSTYLE_SCORING_VERSION,
    validity: computeValidity(questionnaire, candidate),
  };
}

function hasLevel(profile: GroupProfile): profile is ScoredGroupProfile {
  return profile.level !== null;
}

export function dimensionResult(group: QuestionGroupDefinition, score: number, weight: number, detail: DimensionDetail): DimensionResult {
  const scorePercentage = round2(score);
  return {
    questionGroupId: group.id,
    name: group.name,
    scoreType: group.scoreType,
    scorePercentage,
    scoreCategory: categoryOf(scorePercentage),
    weightPercentage: round2(weight),
    detail,
  };
}

/** The levels behind a score, rounded; `delta` is the difference of the rounded numbers shown. */
function detailOf(candidateLevel: number | null, members: readonly ScoredGroupProfile[]): DimensionDetail {
  const levels = members.map((member) => member.level);
  return levelDetail(
    candidateLevel,
    levels.length === 0 ? null : { mean: mean(levels), min: Math.min(...levels), max: Math.max(...levels) },
  );
}

/** The detail block from the team's unrounded level statistics (null when no member has a level). */
export function levelDetail(candidateLevel: number | null, team: { mean: number; min: number; max: number } | null): DimensionDetail {
  const c = candidateLevel === null ? null : round2(candidateLevel);
  if (team === null) return { candidateLevel: c, teamMean: null, teamMin: null, teamMax: null, delta: null };
  const teamMean = round2(team.mean);
  return {
    candidateLevel: c,
    teamMean,
    teamMin: round2(team.min),
    teamMax: round2(team.max),
    delta: c === null ? null : round2(c - teamMean),
  };
}
