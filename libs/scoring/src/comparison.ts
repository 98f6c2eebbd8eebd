import { categoryOf } from './categories';
import { round2 } from './rounding';
import type { ComparisonInput, ComparisonResult } from './types';
import { buildProfile } from './workstyle/profile';
import { prepareQuestionnaire } from './workstyle/questionnaire';
import { scoreProfiles } from './workstyle/compute-workstyle';

/**
 * Individual comparison of two evaluations (docs/scoring.md, "Individual comparisons").
 *
 * - PAIRWISE: A is a one-person team and B the candidate. Directional: TOP_TEN ranks the team's
 *   items, so B-against-A and A-against-B can differ.
 * - MUTUAL and SIMULATED_TEAM: the same calculation in both directions; `score` is the average of
 *   the two directions' overall scores as reported (so a client can recompute it from the two
 *   numbers), rounded again; `reverseScore` is the B-to-A score. Addition is commutative, so
 *   `score` is exactly symmetric in A and B.
 */
export function compareIndividuals(input: ComparisonInput): ComparisonResult {
  const mode = input.mode ?? 'PAIRWISE';
  const questionnaire = prepareQuestionnaire(input.questionnaire);
  const a = buildProfile(questionnaire, input.answersA);
  const b = buildProfile(questionnaire, input.answersB);
  const aToB = scoreProfiles(questionnaire, b, [a]);

  if (mode === 'PAIRWISE') {
    return { mode, score: aToB.overallScore, scoreCategory: aToB.overallCategory, dimensions: aToB.dimensions, aToB, bToA: null };
  }

  const bToA = scoreProfiles(questionnaire, a, [b]);
  const score = round2((aToB.overallScore + bToA.overallScore) / 2);
  return {
    mode,
    score,
    scoreCategory: categoryOf(score),
    dimensions: aToB.dimensions,
    reverseScore: bToA.overallScore,
    reverseDimensions: bToA.dimensions,
    aToB,
    bToA,
  };
}
