// Small builders for the hand-computed cases of docs/scoring.md. Test-only (the build skips test/).
import type { AnswerInput, QuestionDefinition, QuestionGroupDefinition, QuestionnaireDefinition, ScoreType } from '../types';

/** Answers from `{questionId: value}`, every one taking `timeTaken` seconds. */
export function answers(values: Record<number, number>, timeTaken = 0): AnswerInput[] {
  return Object.entries(values).map(([questionId, value]) => ({ questionId: Number(questionId), value, timeTaken }));
}

export function question(id: number, groupId: number, order: number, extra: Partial<QuestionDefinition> = {}): QuestionDefinition {
  return { id, groupId, order, reverseScore: false, faking: false, metadata: null, ...extra };
}

export function singleGroup(scoreType: ScoreType, questions: readonly QuestionDefinition[], weight?: number): QuestionnaireDefinition {
  const group: QuestionGroupDefinition = { id: 1, name: scoreType.toLowerCase(), scoreType, ...(weight === undefined ? {} : { weight }) };
  return { groups: [group], questions };
}

/** Example W's group: q1 (order 0), q2 (order 1, reverse-scored), q3 (order 2, faking). */
export function exampleW(scoreType: ScoreType): QuestionnaireDefinition {
  return singleGroup(scoreType, [question(1, 1, 0), question(2, 1, 1, { reverseScore: true }), question(3, 1, 2, { faking: true })]);
}

export const exampleWCandidate = answers({ 1: 4, 2: 2, 3: 5 });
export const exampleWTeam = [answers({ 1: 5, 2: 1, 3: 3 }), answers({ 1: 1, 2: 5 })];

/** Four plain items q1..q4 (orders 0..3) in group 1. */
export function fourItems(scoreType: ScoreType, metadata: readonly (string | null)[] = [null, null, null, null]): QuestionnaireDefinition {
  return singleGroup(
    scoreType,
    [1, 2, 3, 4].map((id, index) => question(id, 1, index, { metadata: metadata[index] ?? null })),
  );
}

/**
 * docs/scoring.md "Weights and the overall score": three groups of two items (order 0, and order 1
 * reverse-scored): 1-2 pace, 3-4 detail, 5-6 reliability; answered as in Example W, 3 s each.
 */
export function threeGroups(weights: readonly (number | undefined)[]): QuestionnaireDefinition {
  const spec = [
    { id: 10, name: 'pace', scoreType: 'SUPPLEMENTARY' as const },
    { id: 20, name: 'detail', scoreType: 'COMPLEMENTARY' as const },
    { id: 30, name: 'reliability', scoreType: 'MIN_MEAN' as const },
  ];
  return {
    groups: spec.map((group, index) => (weights[index] === undefined ? group : { ...group, weight: weights[index] })),
    questions: spec.flatMap((group, index) => [
      question(2 * index + 1, group.id, 0),
      question(2 * index + 2, group.id, 1, { reverseScore: true }),
    ]),
  };
}

export const threeGroupsCandidate = answers({ 1: 4, 2: 2, 3: 4, 4: 2, 5: 4, 6: 2 }, 3);
export const threeGroupsTeam = [answers({ 1: 5, 2: 1, 3: 5, 4: 1, 5: 5, 6: 1 }), answers({ 1: 1, 2: 5, 3: 1, 4: 5, 5: 1, 6: 5 })];
