// Random questionnaires for the property tests (fast-check). Test-only (the build skips test/).
import fc from 'fast-check';
import {
  type AnswerInput,
  SCORE_TYPES,
  type QuestionDefinition,
  type QuestionGroupDefinition,
  type QuestionnaireDefinition,
} from '../types';

export interface QuestionnaireShape {
  maxGroups: number;
  maxQuestionsPerGroup: number;
  maxOrder: number;
  /** One question in `fakingOneIn` is a faking item, on average. */
  fakingOneIn: number;
  subGroups: readonly string[];
}

/** Groups of every score type with optional weights; question ids 1..n in definition order. */
export function questionnaireArbitrary(shape: QuestionnaireShape): fc.Arbitrary<QuestionnaireDefinition> {
  const questionArb = fc.record({
    reverseScore: fc.boolean(),
    faking: fc.integer({ min: 0, max: shape.fakingOneIn - 1 }).map((n) => n === 0),
    metadata: fc.constantFrom(null, ...shape.subGroups),
    order: fc.option(fc.integer({ min: 0, max: shape.maxOrder }), { nil: null }),
  });
  return fc
    .array(
      fc.record({
        scoreType: fc.constantFrom(...SCORE_TYPES),
        weight: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
        questions: fc.array(questionArb, { minLength: 1, maxLength: shape.maxQuestionsPerGroup }),
      }),
      { minLength: 1, maxLength: shape.maxGroups },
    )
    .map((groups) => {
      const definitionGroups: QuestionGroupDefinition[] = [];
      const questions: QuestionDefinition[] = [];
      groups.forEach((group, groupIndex) => {
        const id = 100 + groupIndex;
        definitionGroups.push({
          id,
          name: `g${String(groupIndex)}`,
          scoreType: group.scoreType,
          ...(group.weight === undefined ? {} : { weight: group.weight }),
        });
        for (const item of group.questions) questions.push({ id: questions.length + 1, groupId: id, ...item });
      });
      return { groups: definitionGroups, questions };
    });
}

/** The questionnaires of the team-aggregate and explanation property tests: three CONFLICT sub-groups. */
export const TEAM_QUESTIONNAIRE_SHAPE: QuestionnaireShape = {
  maxGroups: 5,
  maxQuestionsPerGroup: 14,
  maxOrder: 8,
  fakingOneIn: 6,
  subGroups: ['competing', 'avoiding', 'yielding'],
};

/** Answers to some of `questionIds` (values 1-5; few distinct levels, so ties between members are common). */
export function answersArbitrary(questionIds: readonly number[]): fc.Arbitrary<AnswerInput[]> {
  return fc
    .tuple(
      ...questionIds.map((questionId) =>
        fc.option(
          fc.record({
            questionId: fc.constant(questionId),
            value: fc.integer({ min: 1, max: 5 }),
            timeTaken: fc.integer({ min: 0, max: 5 }),
          }),
          { nil: null, freq: 5 },
        ),
      ),
    )
    .map((list) => list.flatMap((answer): AnswerInput[] => (answer === null ? [] : [answer])));
}
