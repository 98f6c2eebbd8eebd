// An explanation's inputs give back the result they explain, bit for bit, after a JSON round trip
// (docs/fairness.md, "Explanations").
import fc from 'fast-check';
import { round2 } from '../rounding';
import { ScoringInputError } from '../errors';
import { answersArbitrary, questionnaireArbitrary, TEAM_QUESTIONNAIRE_SHAPE } from '../test/arbitraries';
import { threeGroups, threeGroupsCandidate, threeGroupsTeam } from '../test/fixtures';
import type { PersonAnswers } from '../types';
import { computeWorkstyle } from './compute-workstyle';
import { dimensionContributions, teamFromInputs, teamInputsOf, type TeamInputs, workstyleFromInputs } from './explanation';
import { compactProfile, compactQuestionnaire, TeamAggregate } from './team-aggregate';

const questionnaireArb = questionnaireArbitrary(TEAM_QUESTIONNAIRE_SHAPE);

const scenarioArb = questionnaireArb.chain((questionnaire) => {
  const ids = questionnaire.questions.map((question) => question.id);
  return fc.record({
    questionnaire: fc.constant(questionnaire),
    candidate: answersArbitrary(ids),
    team: fc.array(answersArbitrary(ids), { maxLength: 30 }),
  });
});

function inputsOf(questionnaire: Parameters<typeof compactQuestionnaire>[0], team: readonly PersonAnswers[]): TeamInputs {
  const compact = compactQuestionnaire(questionnaire);
  const aggregate = new TeamAggregate(compact);
  for (const member of team) aggregate.addMember(compactProfile(compact, member).values);
  // What is stored and published is JSON: the round trip must keep every level exactly.
  return JSON.parse(JSON.stringify(teamInputsOf(aggregate))) as TeamInputs;
}

describe('explanations: recomputing a result from its inputs', () => {
  it('gives computeWorkstyle’s result bit for bit from the team inputs alone (after JSON)', () => {
    fc.assert(
      fc.property(scenarioArb, ({ questionnaire, candidate, team }) => {
        const inputs = inputsOf(questionnaire, team);
        expect(workstyleFromInputs({ questionnaire, candidateAnswers: candidate, team: inputs })).toEqual(
          computeWorkstyle({ questionnaire, candidateAnswers: candidate, teamAnswers: team }),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('contributions: each weight × unrounded score / 100, rounding to the dimension scores, and the overall score is their sum', () => {
    fc.assert(
      fc.property(scenarioArb, ({ questionnaire, candidate, team }) => {
        const inputs = { questionnaire, candidateAnswers: candidate, team: inputsOf(questionnaire, team) };
        const result = workstyleFromInputs(inputs);
        const contributions = dimensionContributions(inputs);
        expect(contributions.map((c) => round2(c.scorePercentage))).toEqual(result.dimensions.map((d) => d.scorePercentage));
        expect(contributions.map((c) => round2(c.weightPercentage))).toEqual(result.dimensions.map((d) => d.weightPercentage));
        const sum = contributions.reduce((total, c) => total + c.contribution, 0);
        expect(Math.abs(sum - result.overallScore)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
      { numRuns: 200 },
    );
  });

  it('the worked example: pace 50 % × 75, detail 25 % × 87.5, reliability 25 % × 0 → 37.5 + 21.875 + 0 = 59.375 → 59.38', () => {
    const questionnaire = threeGroups([2, 1, undefined]);
    const team = inputsOf(questionnaire, threeGroupsTeam);
    expect(team).toEqual({
      teamSize: 2,
      dimensions: [
        { questionGroupId: 10, memberLevels: { values: [1, 5], counts: [1, 1] }, subGroups: [], items: [] },
        { questionGroupId: 20, memberLevels: { values: [1, 5], counts: [1, 1] }, subGroups: [], items: [] },
        { questionGroupId: 30, memberLevels: { values: [1, 5], counts: [1, 1] }, subGroups: [], items: [] },
      ],
    });
    const inputs = { questionnaire, candidateAnswers: threeGroupsCandidate, team };
    expect(dimensionContributions(inputs).map((c) => c.contribution)).toEqual([37.5, 21.875, 0]);
    expect(workstyleFromInputs(inputs).overallScore).toBe(59.38);
  });

  it('keeps TOP_TEN item totals and CONFLICT sub-group levels, and refuses inputs that do not fit the questionnaire', () => {
    const questionnaire = {
      groups: [
        { id: 1, name: 'values', scoreType: 'TOP_TEN' as const },
        { id: 2, name: 'conflict', scoreType: 'CONFLICT' as const },
      ],
      questions: [
        { id: 1, groupId: 1, order: 0 },
        { id: 2, groupId: 1, order: 1, reverseScore: true },
        { id: 3, groupId: 2, order: 0, metadata: 'competing' },
        { id: 4, groupId: 2, order: 1, metadata: 'avoiding' },
      ],
    };
    const team = inputsOf(questionnaire, [
      [
        { questionId: 1, value: 5 },
        { questionId: 2, value: 2 },
        { questionId: 3, value: 4 },
      ],
      [
        { questionId: 1, value: 3 },
        { questionId: 3, value: 2 },
        { questionId: 4, value: 1 },
      ],
    ]);
    expect(team.dimensions[0]?.items).toEqual([
      { questionId: 1, sum: 8, count: 2 },
      { questionId: 2, sum: 4, count: 1 },
    ]);
    expect(team.dimensions[1]?.subGroups).toEqual([
      { name: 'avoiding', memberLevels: { values: [1], counts: [1] } },
      { name: 'competing', memberLevels: { values: [2, 4], counts: [1, 1] } },
    ]);
    const compact = compactQuestionnaire(questionnaire);
    const wrongGroup = { ...team, dimensions: [...team.dimensions].reverse() };
    expect(() => teamFromInputs(compact, wrongGroup)).toThrow(ScoringInputError);
    const foreignItem = {
      ...team,
      dimensions: [{ ...team.dimensions[0], items: [{ questionId: 3, sum: 1, count: 1 }] }, team.dimensions[1]],
    };
    expect(() => teamFromInputs(compact, foreignItem as TeamInputs)).toThrow(ScoringInputError);
    const badCount = { ...team, dimensions: [{ ...team.dimensions[0], memberLevels: { values: [2], counts: [0] } }, team.dimensions[1]] };
    expect(() => teamFromInputs(compact, badCount as TeamInputs)).toThrow(ScoringInputError);
  });
});
