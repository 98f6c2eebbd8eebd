// The aggregate scoring path must give exactly what computeWorkstyle and compareIndividuals give.
import fc from 'fast-check';
import { compareIndividuals } from '../comparison';
import { ScoringInputError } from '../errors';
import { answersArbitrary, questionnaireArbitrary, TEAM_QUESTIONNAIRE_SHAPE } from '../test/arbitraries';
import type { AnswerInput, QuestionnaireDefinition } from '../types';
import { computeWorkstyle } from './compute-workstyle';
import {
  answersFromValues,
  compactProfile,
  compactQuestionnaire,
  computeWorkstyleWithTeam,
  relayoutValues,
  scoreCompletion,
  TeamAggregate,
} from './team-aggregate';

const questionnaireArb = questionnaireArbitrary(TEAM_QUESTIONNAIRE_SHAPE);

const scenarioArb = questionnaireArb.chain((questionnaire) => {
  const ids = questionnaire.questions.map((question) => question.id);
  return fc.record({
    questionnaire: fc.constant(questionnaire),
    candidate: answersArbitrary(ids),
    other: answersArbitrary(ids),
    team: fc.array(answersArbitrary(ids), { maxLength: 40 }),
  });
});

function aggregateOf(questionnaire: QuestionnaireDefinition, team: readonly AnswerInput[][], withLevels: boolean): TeamAggregate {
  const compact = compactQuestionnaire(questionnaire);
  const aggregate = new TeamAggregate(compact);
  for (const member of team) {
    const profile = compactProfile(compact, member);
    aggregate.addMember(profile.values, withLevels ? profile.levels : null);
  }
  return aggregate;
}

describe('scoring against a team aggregate', () => {
  it.each([
    ['from compact values alone', false],
    ['when the stored levels are used', true],
  ])('equals computeWorkstyle bit for bit, %s', (_, withLevels) => {
    fc.assert(
      fc.property(scenarioArb, ({ questionnaire, candidate, team }) => {
        const expected = computeWorkstyle({ questionnaire, candidateAnswers: candidate, teamAnswers: team });
        expect(computeWorkstyleWithTeam(aggregateOf(questionnaire, team, withLevels), candidate)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("scores a completion as computeWorkstyleWithTeam does, with compactProfile's levels", () => {
    fc.assert(
      fc.property(scenarioArb, ({ questionnaire, candidate, team }) => {
        const aggregate = aggregateOf(questionnaire, team, false);
        expect(scoreCompletion(aggregate, candidate)).toEqual({
          results: computeWorkstyleWithTeam(aggregate, candidate),
          levels: compactProfile(aggregate.questionnaire, candidate).levels,
        });
      }),
      { numRuns: 200 },
    );
  });

  it('equals the aggregate built without a member once that member is taken out of a copy, and leaves the original alone', () => {
    const withOutsider = scenarioArb.chain((scenario) =>
      fc.record({ scenario: fc.constant(scenario), out: fc.nat({ max: scenario.team.length }) }),
    );
    fc.assert(
      fc.property(withOutsider, ({ scenario: { questionnaire, candidate, team, other }, out }) => {
        // `other` joins the team, then leaves a copy of it again (at any position: order does not matter).
        const joined = [...team.slice(0, out), other, ...team.slice(out)];
        const full = aggregateOf(questionnaire, joined, false);
        const before = computeWorkstyleWithTeam(full, candidate);
        const copy = full.clone();
        copy.removeMember(compactProfile(full.questionnaire, other).values);
        expect(computeWorkstyleWithTeam(copy, candidate)).toEqual(
          computeWorkstyle({ questionnaire, candidateAnswers: candidate, teamAnswers: team }),
        );
        expect(computeWorkstyleWithTeam(full, candidate)).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses to take out a member it never held', () => {
    const questionnaire = compactQuestionnaire({
      groups: [{ id: 1, name: 'Drive', scoreType: 'SUPPLEMENTARY' }],
      questions: [{ id: 10, groupId: 1, order: 1 }],
    });
    expect(() => new TeamAggregate(questionnaire).removeMember([3])).toThrow(/fewer times/);
  });

  it('re-reads members who answered another questionnaire through the candidate’s, ignoring foreign questions', () => {
    // The members' questionnaire: the candidate's questions in another order, some dropped, some added.
    const withOtherLayout = scenarioArb.chain((scenario) =>
      fc
        .record({
          scenario: fc.constant(scenario),
          kept: fc.shuffledSubarray(scenario.questionnaire.questions.map((question) => question.id)),
          extra: fc.integer({ min: 0, max: 5 }),
        })
        .chain(({ scenario: s, kept, extra }) => {
          const memberIds = [...kept, ...Array.from({ length: extra }, (_, n) => 1000 + n)];
          return fc.record({
            scenario: fc.constant(s),
            memberIds: fc.constant(memberIds),
            members: fc.array(answersArbitrary(memberIds), { maxLength: 12 }),
          });
        }),
    );
    fc.assert(
      fc.property(withOtherLayout, ({ scenario, memberIds, members }) => {
        const expected = computeWorkstyle({
          questionnaire: scenario.questionnaire,
          candidateAnswers: scenario.candidate,
          teamAnswers: members,
        });
        const target = compactQuestionnaire(scenario.questionnaire);
        const aggregate = new TeamAggregate(target);
        for (const member of members) {
          const values = new Uint8Array(memberIds.length);
          for (const answer of member) values[memberIds.indexOf(answer.questionId)] = answer.value;
          aggregate.addMember(relayoutValues(values, memberIds, target));
        }
        expect(computeWorkstyleWithTeam(aggregate, scenario.candidate)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('gives compareIndividuals’ scores for both directions from stored values', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.constantFrom('PAIRWISE' as const, 'MUTUAL' as const),
        ({ questionnaire, candidate: a, other: b }, mode) => {
          const compact = compactQuestionnaire(questionnaire);
          const [valuesA, valuesB] = [compactProfile(compact, a).values, compactProfile(compact, b).values];
          const expected = compareIndividuals({ questionnaire, answersA: a, answersB: b, mode });
          const one = (values: Uint8Array) => {
            const aggregate = new TeamAggregate(compact);
            aggregate.addMember(values);
            return aggregate;
          };
          const aToB = computeWorkstyleWithTeam(one(valuesA), answersFromValues(compact, valuesB));
          expect(aToB.dimensions).toEqual(expected.dimensions);
          expect(aToB.overallScore).toBe(expected.aToB.overallScore);
          if (mode === 'MUTUAL')
            expect(computeWorkstyleWithTeam(one(valuesB), answersFromValues(compact, valuesA)).overallScore).toBe(expected.reverseScore);
        },
      ),
    );
  });

  it('keeps what computeWorkstyle needs: values in question order, 0 unanswered, and the levels it computes', () => {
    const questionnaire: QuestionnaireDefinition = {
      groups: [
        { id: 1, name: 'pace', scoreType: 'SUPPLEMENTARY' },
        { id: 2, name: 'drive', scoreType: 'MAX_MEAN' },
      ],
      questions: [
        { id: 7, groupId: 2, order: 0 },
        { id: 3, groupId: 1, order: 1, reverseScore: true },
        { id: 5, groupId: 1, order: 0 },
        { id: 9, groupId: 1, order: 2, faking: true },
      ],
    };
    const profile = compactProfile(compactQuestionnaire(questionnaire), [
      { questionId: 5, value: 4 },
      { questionId: 3, value: 1 },
      { questionId: 9, value: 2 },
      { questionId: 77, value: 3 },
    ]);
    expect([...profile.values]).toEqual([0, 1, 4, 2]);
    // pace: 4 and 6 - 1 = 5 (the faking item is left out): 4.5; drive: unanswered.
    expect(profile.levels).toEqual([4.5, null]);
  });

  it('refuses stored values outside 0-5 loudly', () => {
    const aggregate = new TeamAggregate(
      compactQuestionnaire({ groups: [{ id: 1, name: 'g', scoreType: 'SUPPLEMENTARY' }], questions: [{ id: 1, groupId: 1 }] }),
    );
    expect(() => aggregate.addMember([6])).toThrow(ScoringInputError);
  });
});
