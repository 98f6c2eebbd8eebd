// The worked examples of docs/scoring.md, "The eight score types": expected numbers computed by hand.
import { answers, exampleW, exampleWCandidate, exampleWTeam, fourItems, question, singleGroup } from '../test/fixtures';
import type { ScoreType, WorkstyleResult } from '../types';
import { computeWorkstyle } from './compute-workstyle';

function onlyDimension(result: WorkstyleResult) {
  expect(result.dimensions).toHaveLength(1);
  return result.dimensions[0]!;
}

describe('Example W (c = 4, members 5 and 1, T = 3)', () => {
  it.each<[ScoreType, number, string]>([
    ['SUPPLEMENTARY', 75, 'high'],
    ['INDIVIDUAL_SUPPLEMENTARY', 50, 'medium'],
    ['COMPLEMENTARY', 87.5, 'high'],
    ['MAX_MEAN', 100, 'high'],
    ['MIN_MEAN', 0, 'low'],
    ['GROUP_AVERAGE', 58.33, 'medium'],
  ])('%s scores %p (%s)', (scoreType, score, category) => {
    const result = computeWorkstyle({ questionnaire: exampleW(scoreType), candidateAnswers: exampleWCandidate, teamAnswers: exampleWTeam });
    const dimension = onlyDimension(result);
    expect(dimension).toEqual({
      questionGroupId: 1,
      name: scoreType.toLowerCase(),
      scoreType,
      scorePercentage: score,
      scoreCategory: category,
      weightPercentage: 100,
      detail: { candidateLevel: 4, teamMean: 3, teamMin: 1, teamMax: 5, delta: 1 },
    });
    expect(result.overallScore).toBe(score);
    expect(result.overallCategory).toBe(category);
    expect(result.teamSize).toBe(2);
    expect(result.scoringVersion).toBe('ws-1');
  });

  it('ignores the faking item: answering it differently changes no score', () => {
    const otherFaking = answers({ 1: 4, 2: 2, 3: 1 });
    const result = computeWorkstyle({ questionnaire: exampleW('SUPPLEMENTARY'), candidateAnswers: otherFaking, teamAnswers: exampleWTeam });
    expect(onlyDimension(result).scorePercentage).toBe(75);
    expect(onlyDimension(result).detail.candidateLevel).toBe(4);
  });

  it('reverse-scores q2: without the reversal the candidate level would be 3, not 4', () => {
    const plain = singleGroup('SUPPLEMENTARY', [question(1, 1, 0), question(2, 1, 1)]);
    const result = computeWorkstyle({ questionnaire: plain, candidateAnswers: exampleWCandidate, teamAnswers: exampleWTeam });
    // candidate (4 + 2) / 2 = 3; M1 (5 + 1) / 2 = 3; M2 (1 + 5) / 2 = 3: identical, sim = 1.
    expect(onlyDimension(result).detail).toEqual({ candidateLevel: 3, teamMean: 3, teamMin: 3, teamMax: 3, delta: 0 });
    expect(onlyDimension(result).scorePercentage).toBe(100);
  });
});

describe('TOP_TEN', () => {
  const team = [answers({ 1: 5, 2: 4, 3: 5, 4: 1 }), answers({ 1: 5, 2: 5, 3: 4, 4: 2 })];

  it('compares the team top K = floor(4 / 2) = 2 items, the q2/q3 tie going to the lower order: 56.25', () => {
    const result = computeWorkstyle({
      questionnaire: fourItems('TOP_TEN'),
      candidateAnswers: answers({ 1: 4, 2: 2, 3: 5, 4: 1 }),
      teamAnswers: team,
    });
    expect(onlyDimension(result)).toMatchObject({
      scorePercentage: 56.25,
      scoreCategory: 'medium',
      detail: { candidateLevel: 3, teamMean: 3.88, teamMin: 3.75, teamMax: 4, delta: -0.88 },
    });
  });

  it('breaks the tie by question order, not by id: with q3 ordered before q2 the score is 81.25', () => {
    const swapped = singleGroup('TOP_TEN', [question(1, 1, 0), question(2, 1, 2), question(3, 1, 1), question(4, 1, 3)]);
    const result = computeWorkstyle({ questionnaire: swapped, candidateAnswers: answers({ 1: 4, 2: 2, 3: 5, 4: 1 }), teamAnswers: team });
    expect(onlyDimension(result).scorePercentage).toBe(81.25);
  });

  it('uses K = 10 of 20 items', () => {
    const questions = Array.from({ length: 20 }, (_, index) => question(index + 1, 1, index));
    const member: Record<number, number> = {};
    const candidate: Record<number, number> = {};
    for (let id = 1; id <= 20; id += 1) {
      member[id] = id <= 10 ? 5 : 1;
      candidate[id] = id <= 10 ? 4 : 5;
    }
    const result = computeWorkstyle({
      questionnaire: singleGroup('TOP_TEN', questions),
      candidateAnswers: answers(candidate),
      teamAnswers: [answers(member)],
    });
    // Top 10 are q1..q10 (team value 5, candidate 4): sim = 0.75 each. Any q11..q20 would add sim(5, 1) = 0.
    expect(onlyDimension(result).scorePercentage).toBe(75);
  });

  it('falls back to norm(c) when fewer than two items are comparable (K = 0)', () => {
    // The member answered only q1; the candidate answered q1 = 5 and q2 = 3: c = 4, norm(4) = 75.
    const result = computeWorkstyle({
      questionnaire: fourItems('TOP_TEN'),
      candidateAnswers: answers({ 1: 5, 2: 3 }),
      teamAnswers: [answers({ 1: 1 })],
    });
    expect(onlyDimension(result).scorePercentage).toBe(75);
    expect(onlyDimension(result).detail).toEqual({ candidateLevel: 4, teamMean: 1, teamMin: 1, teamMax: 1, delta: 3 });
  });
});

describe('CONFLICT', () => {
  const questionnaire = fourItems('CONFLICT', ['competing', 'competing', 'avoiding', 'avoiding']);

  it('averages the similarity per sub-group: (0.75 + 0.8125) / 2 = 78.125 → 78.13', () => {
    const result = computeWorkstyle({
      questionnaire,
      candidateAnswers: answers({ 1: 5, 2: 4, 3: 2, 4: 2 }),
      teamAnswers: [answers({ 1: 3, 2: 3, 3: 2, 4: 1 }), answers({ 1: 3, 2: 5, 3: 1, 4: 1 })],
    });
    expect(onlyDimension(result)).toMatchObject({
      scorePercentage: 78.13,
      scoreCategory: 'high',
      detail: { candidateLevel: 3.25, teamMean: 2.38, teamMin: 2.25, teamMax: 2.5, delta: 0.87 },
    });
  });

  it('skips a sub-group no member has: only competing is compared', () => {
    // Candidate competing 4.5, avoiding 2; the member answered only competing (3, 3): sim(4.5, 3) = 0.625.
    const result = computeWorkstyle({
      questionnaire,
      candidateAnswers: answers({ 1: 5, 2: 4, 3: 2, 4: 2 }),
      teamAnswers: [answers({ 1: 3, 2: 3 })],
    });
    expect(onlyDimension(result).scorePercentage).toBe(62.5);
  });

  it('falls back to norm(c) when no sub-group is shared', () => {
    // Candidate answered only competing (5, 4): c = 4.5, norm = 87.5; the member only avoiding.
    const result = computeWorkstyle({ questionnaire, candidateAnswers: answers({ 1: 5, 2: 4 }), teamAnswers: [answers({ 3: 1, 4: 1 })] });
    expect(onlyDimension(result).scorePercentage).toBe(87.5);
  });
});

describe('no team (N = 0)', () => {
  it.each<ScoreType>([
    'SUPPLEMENTARY',
    'INDIVIDUAL_SUPPLEMENTARY',
    'COMPLEMENTARY',
    'TOP_TEN',
    'CONFLICT',
    'MAX_MEAN',
    'MIN_MEAN',
    'GROUP_AVERAGE',
  ])('%s scores norm(4) = 75 with teamSize 0', (scoreType) => {
    const result = computeWorkstyle({ questionnaire: exampleW(scoreType), candidateAnswers: exampleWCandidate, teamAnswers: [] });
    expect(result.teamSize).toBe(0);
    expect(onlyDimension(result)).toMatchObject({
      scorePercentage: 75,
      scoreCategory: 'high',
      detail: { candidateLevel: 4, teamMean: null, teamMin: null, teamMax: null, delta: null },
    });
  });

  it('leaves out a member whose only answers are faking items', () => {
    const result = computeWorkstyle({
      questionnaire: exampleW('MIN_MEAN'),
      candidateAnswers: exampleWCandidate,
      teamAnswers: [answers({ 3: 1 }), []],
    });
    expect(result.teamSize).toBe(0);
    expect(onlyDimension(result).scorePercentage).toBe(75);
  });
});
