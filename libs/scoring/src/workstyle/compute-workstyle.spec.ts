// docs/scoring.md "Weights and the overall score", "Missing answers", and input handling.
import { ScoringInputError } from '../errors';
import {
  answers,
  exampleW,
  exampleWCandidate,
  exampleWTeam,
  question,
  threeGroups,
  threeGroupsCandidate as candidate,
  threeGroupsTeam as team,
} from '../test/fixtures';
import { computeWorkstyle } from './compute-workstyle';

describe('weights and the overall score', () => {
  it('weights 2, 1, (1): percentages 50/25/25, overall (50·75 + 25·87.5 + 25·0) / 100 = 59.375 → 59.38', () => {
    const result = computeWorkstyle({ questionnaire: threeGroups([2, 1, undefined]), candidateAnswers: candidate, teamAnswers: team });
    expect(result.dimensions.map((d) => [d.name, d.weightPercentage, d.scorePercentage, d.scoreCategory])).toEqual([
      ['pace', 50, 75, 'high'],
      ['detail', 25, 87.5, 'high'],
      ['reliability', 25, 0, 'low'],
    ]);
    expect(result.overallScore).toBe(59.38);
    expect(result.overallCategory).toBe('medium');
    expect(result.totalTimeTaken).toBe(18);
    expect(result.teamSize).toBe(2);
  });

  it('equal weights: 33.33 each, overall (75 + 87.5 + 0) / 3 = 54.17', () => {
    const result = computeWorkstyle({ questionnaire: threeGroups([]), candidateAnswers: candidate, teamAnswers: team });
    expect(result.dimensions.map((d) => d.weightPercentage)).toEqual([33.33, 33.33, 33.33]);
    expect(result.overallScore).toBe(54.17);
  });

  it('keeps the groups in the order given, not by id', () => {
    const questionnaire = threeGroups([]);
    const reversed = { ...questionnaire, groups: [...questionnaire.groups].reverse() };
    const result = computeWorkstyle({ questionnaire: reversed, candidateAnswers: candidate, teamAnswers: team });
    expect(result.dimensions.map((d) => d.questionGroupId)).toEqual([30, 20, 10]);
  });

  it('all weights 0: every percentage 0 and overall 0, not a division by zero', () => {
    const result = computeWorkstyle({ questionnaire: threeGroups([0, 0, 0]), candidateAnswers: candidate, teamAnswers: team });
    expect(result.dimensions.map((d) => d.weightPercentage)).toEqual([0, 0, 0]);
    expect(result.overallScore).toBe(0);
    expect(result.overallCategory).toBe('low');
  });
});

describe('missing answers', () => {
  it('scores a dimension the candidate did not answer at 0, and it keeps its weight', () => {
    // Candidate answered pace (75) and detail (87.5) only: overall (75 + 87.5 + 0) / 3 = 54.17.
    const partial = answers({ 1: 4, 2: 2, 3: 4, 4: 2 }, 3);
    const result = computeWorkstyle({ questionnaire: threeGroups([]), candidateAnswers: partial, teamAnswers: team });
    expect(result.dimensions[2]).toMatchObject({
      scorePercentage: 0,
      scoreCategory: 'low',
      detail: { candidateLevel: null, teamMean: 3, teamMin: 1, teamMax: 5, delta: null },
    });
    expect(result.overallScore).toBe(54.17);
    expect(result.totalTimeTaken).toBe(12);
  });

  it('averages only the answered items: the candidate with only q1 = 4 has level 4', () => {
    const result = computeWorkstyle({
      questionnaire: exampleW('SUPPLEMENTARY'),
      candidateAnswers: answers({ 1: 4 }),
      teamAnswers: exampleWTeam,
    });
    expect(result.dimensions[0]!.detail.candidateLevel).toBe(4);
    expect(result.dimensions[0]!.scorePercentage).toBe(75);
  });

  it('leaves a member out of a group they did not answer, and keeps them in the others', () => {
    // The second member answered only pace: on detail only M1 (level 5) counts, T = 5, g = 0, score 100.
    const partialTeam = [team[0]!, answers({ 1: 1, 2: 5 })];
    const result = computeWorkstyle({ questionnaire: threeGroups([]), candidateAnswers: candidate, teamAnswers: partialTeam });
    expect(result.teamSize).toBe(2);
    expect(result.dimensions[0]!.detail).toMatchObject({ teamMean: 3, teamMin: 1, teamMax: 5 });
    expect(result.dimensions[1]!.detail).toMatchObject({ teamMean: 5, teamMin: 5, teamMax: 5 });
    expect(result.dimensions[1]!.scorePercentage).toBe(100);
  });

  it('ignores answers to questions outside the questionnaire (also in totalTimeTaken)', () => {
    const withStray = [...exampleWCandidate, { questionId: 999, value: 9, timeTaken: 50 }];
    const result = computeWorkstyle({ questionnaire: exampleW('SUPPLEMENTARY'), candidateAnswers: withStray, teamAnswers: exampleWTeam });
    expect(result.dimensions[0]!.scorePercentage).toBe(75);
    expect(result.totalTimeTaken).toBe(0);
  });

  it('treats a missing timeTaken as 0', () => {
    const result = computeWorkstyle({
      questionnaire: exampleW('SUPPLEMENTARY'),
      candidateAnswers: [
        { questionId: 1, value: 4 },
        { questionId: 2, value: 2, timeTaken: 7 },
      ],
      teamAnswers: [],
    });
    expect(result.totalTimeTaken).toBe(7);
  });
});

describe('invalid input', () => {
  const run = (overrides: Partial<Parameters<typeof computeWorkstyle>[0]>) => () =>
    computeWorkstyle({ questionnaire: exampleW('SUPPLEMENTARY'), candidateAnswers: exampleWCandidate, teamAnswers: [], ...overrides });

  it.each([
    ['a value of 6', { candidateAnswers: answers({ 1: 6 }) }],
    ['a value of 0', { candidateAnswers: answers({ 1: 0 }) }],
    ['a fractional value', { candidateAnswers: answers({ 1: 2.5 }) }],
    ['a negative timeTaken', { candidateAnswers: [{ questionId: 1, value: 3, timeTaken: -1 }] }],
    ['a question answered twice', { candidateAnswers: [...answers({ 1: 3 }), ...answers({ 1: 4 })] }],
    ['a member with a value of 7', { teamAnswers: [answers({ 1: 7 })] }],
    [
      'a negative weight',
      { questionnaire: { ...exampleW('SUPPLEMENTARY'), groups: [{ id: 1, name: 'x', scoreType: 'SUPPLEMENTARY' as const, weight: -1 }] } },
    ],
    [
      'an unknown scoreType',
      { questionnaire: { ...exampleW('SUPPLEMENTARY'), groups: [{ id: 1, name: 'x', scoreType: 'BEST_FIT' as 'TOP_TEN' }] } },
    ],
    ['a question of an unknown group', { questionnaire: { ...exampleW('SUPPLEMENTARY'), questions: [question(1, 2, 0)] } }],
  ])('throws ScoringInputError for %s', (_label, overrides) => {
    expect(run(overrides)).toThrow(ScoringInputError);
  });

  it('returns an empty result for an empty questionnaire', () => {
    const result = computeWorkstyle({ questionnaire: { groups: [], questions: [] }, candidateAnswers: exampleWCandidate, teamAnswers: [] });
    expect(result).toEqual({
      overallScore: 0,
      overallCategory: 'low',
      totalTimeTaken: 0,
      dimensions: [],
      teamSize: 0,
      scoringVersion: 'ws-1',
      validity: { fakingIndex: null, fastAnswerRatio: 0, longestSameAnswerRun: 0, flagged: false },
    });
  });
});
