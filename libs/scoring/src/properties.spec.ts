// Property tests (fast-check) over random questionnaires, answers and teams.
import fc from 'fast-check';
import { computeCombinedScore } from './combined';
import { compareIndividuals } from './comparison';
import { computeRoleMatch, isRoleMatchScore } from './role-match';
import type { AnswerInput, QuestionnaireDefinition, RoleSpecificationInput, ScoreCategory, WorkstyleResult } from './types';
import { questionnaireArbitrary } from './test/arbitraries';
import { computeWorkstyle } from './workstyle/compute-workstyle';

/** The buckets written out independently of the code under test. */
function bucket(score: number): ScoreCategory {
  return score < 33 ? 'low' : score < 66 ? 'medium' : 'high';
}

const questionnaireArb = questionnaireArbitrary({
  maxGroups: 4,
  maxQuestionsPerGroup: 6,
  maxOrder: 5,
  fakingOneIn: 5,
  subGroups: ['competing', 'avoiding'],
});

/** One person's answers: each question answered or not, value 1-5, a few seconds each. */
function personArb(questionnaire: QuestionnaireDefinition): fc.Arbitrary<AnswerInput[]> {
  return fc
    .tuple(
      ...questionnaire.questions.map((question) =>
        fc.option(
          fc.record({
            questionId: fc.constant(question.id),
            value: fc.integer({ min: 1, max: 5 }),
            timeTaken: fc.integer({ min: 0, max: 5 }),
          }),
          { nil: null, freq: 4 },
        ),
      ),
    )
    .map((list) => list.flatMap((answer): AnswerInput[] => (answer === null ? [] : [answer])));
}

const scenarioArb = questionnaireArb.chain((questionnaire) =>
  fc.record({
    questionnaire: fc.constant(questionnaire),
    candidate: personArb(questionnaire),
    other: personArb(questionnaire),
    team: fc.array(personArb(questionnaire), { maxLength: 4 }),
  }),
);

function shuffled<T>(items: readonly T[]): fc.Arbitrary<T[]> {
  return fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });
}

function expectWellFormed(result: WorkstyleResult): void {
  const within = (x: number, low: number, high: number) => {
    expect(x).toBeGreaterThanOrEqual(low);
    expect(x).toBeLessThanOrEqual(high);
  };
  within(result.overallScore, 0, 100);
  expect(result.overallCategory).toBe(bucket(result.overallScore));
  for (const dimension of result.dimensions) {
    within(dimension.scorePercentage, 0, 100);
    within(dimension.weightPercentage, 0, 100);
    expect(dimension.scoreCategory).toBe(bucket(dimension.scorePercentage));
    for (const level of [dimension.detail.candidateLevel, dimension.detail.teamMean, dimension.detail.teamMin, dimension.detail.teamMax]) {
      if (level !== null) within(level, 1, 5);
    }
  }
  if (result.validity.fakingIndex !== null) within(result.validity.fakingIndex, 0, 100);
  within(result.validity.fastAnswerRatio, 0, 1);
}

describe('workstyle properties', () => {
  it('keeps every score within 0-100 and every category in its bucket', () => {
    fc.assert(
      fc.property(scenarioArb, ({ questionnaire, candidate, team }) => {
        expectWellFormed(computeWorkstyle({ questionnaire, candidateAnswers: candidate, teamAnswers: team }));
      }),
    );
  });

  it('is deterministic: the same inputs (even a copy) give the same output', () => {
    fc.assert(
      fc.property(scenarioArb, ({ questionnaire, candidate, team }) => {
        const first = computeWorkstyle({ questionnaire, candidateAnswers: candidate, teamAnswers: team });
        const again = computeWorkstyle(structuredClone({ questionnaire, candidateAnswers: candidate, teamAnswers: team }));
        expect(again).toEqual(first);
      }),
    );
  });

  it('does not depend on the order of answers, of members or of questions', () => {
    const reordered = scenarioArb.chain((scenario) =>
      fc.record({
        scenario: fc.constant(scenario),
        candidate: shuffled(scenario.candidate),
        team: fc.tuple(...scenario.team.map((member) => shuffled(member))).chain((members) => shuffled(members)),
        questions: shuffled(scenario.questionnaire.questions),
      }),
    );
    fc.assert(
      fc.property(reordered, ({ scenario, candidate, team, questions }) => {
        const original = computeWorkstyle({
          questionnaire: scenario.questionnaire,
          candidateAnswers: scenario.candidate,
          teamAnswers: scenario.team,
        });
        const shuffledResult = computeWorkstyle({
          questionnaire: { ...scenario.questionnaire, questions },
          candidateAnswers: candidate,
          teamAnswers: team,
        });
        expect(shuffledResult).toEqual(original);
      }),
    );
  });
});

describe('comparison properties', () => {
  it('PAIRWISE(A, B) equals scoring B against a one-person team of A', () => {
    fc.assert(
      fc.property(scenarioArb, ({ questionnaire, candidate: a, other: b }) => {
        const pairwise = compareIndividuals({ questionnaire, answersA: a, answersB: b, mode: 'PAIRWISE' });
        const direct = computeWorkstyle({ questionnaire, candidateAnswers: b, teamAnswers: [a] });
        expect(pairwise.score).toBe(direct.overallScore);
        expect(pairwise.scoreCategory).toBe(direct.overallCategory);
        expect(pairwise.dimensions).toEqual(direct.dimensions);
        expect(pairwise.aToB).toEqual(direct);
      }),
    );
  });

  it('MUTUAL and SIMULATED_TEAM are symmetric in A and B', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.constantFrom('MUTUAL' as const, 'SIMULATED_TEAM' as const),
        ({ questionnaire, candidate: a, other: b }, mode) => {
          const ab = compareIndividuals({ questionnaire, answersA: a, answersB: b, mode });
          const ba = compareIndividuals({ questionnaire, answersA: b, answersB: a, mode });
          expect(ab.score).toBe(ba.score);
          expect(ab.scoreCategory).toBe(ba.scoreCategory);
          expect(ab.reverseDimensions).toEqual(ba.dimensions);
          expect(ab.dimensions).toEqual(ba.reverseDimensions);
          expect(ab.scoreCategory).toBe(bucket(ab.score));
          expect(ab.score).toBeGreaterThanOrEqual(0);
          expect(ab.score).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});

describe('role match and combined properties', () => {
  const ids = fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 5 });
  const setCriterion = fc.option(fc.record({ ids, priority: fc.integer({ min: 1, max: 6 }) }), { nil: null });
  const thresholdCriterion = fc.option(fc.record({ id: fc.integer({ min: 1, max: 5 }), priority: fc.integer({ min: 1, max: 6 }) }), {
    nil: null,
  });
  const lookupId = fc.option(fc.integer({ min: 1, max: 6 }), { nil: null });
  const lookup = [1, 2, 3, 4, 5].map((id) => ({ id, orderBy: 10 * id }));
  const inputArb = fc.record({
    specification: fc.record<RoleSpecificationInput>({
      industry: setCriterion,
      function: setCriterion,
      skill: setCriterion,
      studyMajor: setCriterion,
      location: setCriterion,
      professionalYears: thresholdCriterion,
      educationLevel: thresholdCriterion,
    }),
    experience: fc.option(
      fc.record({
        industryIds: ids,
        functionIds: ids,
        skillIds: ids,
        studyMajorIds: ids,
        professionalYearsId: lookupId,
        educationLevelId: lookupId,
      }),
      { nil: null },
    ),
    goal: fc.option(fc.record({ industryIds: ids, functionIds: ids, skillIds: ids, locationIds: ids }), { nil: null }),
  });

  it('keeps role match scores within 0-100, elements within their maximum, categories in their bucket', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = computeRoleMatch({ roleId: 1, ...input, professionalYears: lookup, educationLevels: lookup });
        if (!isRoleMatchScore(result)) {
          expect(result.error).toBe('Role specification has no criteria');
          return;
        }
        for (const score of [result.score, result.experienceScore, result.goalScore]) {
          if (score === null) continue;
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100);
        }
        expect(result.scoreCategory).toBe(bucket(result.score));
        for (const element of result.breakdown) {
          expect(element.percentageMatch).toBeGreaterThanOrEqual(0);
          expect(element.percentageMatch).toBeLessThanOrEqual(1);
          expect(element.points).toBeLessThanOrEqual(element.maxPoints);
        }
        expect(computeRoleMatch({ roleId: 1, ...input, professionalYears: lookup, educationLevels: lookup })).toEqual(result);
      }),
    );
  });

  it('keeps the combined score between its two inputs and in its bucket', () => {
    const score = fc.double({ min: 0, max: 100, noNaN: true }).map((x) => Math.round(x * 100) / 100);
    fc.assert(
      fc.property(score, score, fc.integer({ min: 0, max: 100 }), (roleScore, workstyleScore, roleWeight) => {
        const combined = computeCombinedScore({ roleScore, workstyleScore, roleWeight });
        expect(combined).not.toBeNull();
        expect(combined!.score).toBeGreaterThanOrEqual(Math.min(roleScore, workstyleScore));
        expect(combined!.score).toBeLessThanOrEqual(Math.max(roleScore, workstyleScore));
        expect(combined!.scoreCategory).toBe(bucket(combined!.score));
      }),
    );
  });
});
