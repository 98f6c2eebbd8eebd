// docs/scoring.md "Validity": hand-computed.
import { answers, question, singleGroup } from '../test/fixtures';
import type { AnswerInput } from '../types';
import { computeWorkstyle } from './compute-workstyle';

const questionnaire = singleGroup('SUPPLEMENTARY', [
  ...[1, 2, 3, 4, 5, 6].map((id) => question(id, 1, id - 1)),
  question(7, 1, 6, { faking: true }),
  question(8, 1, 7, { faking: true, reverseScore: true }),
]);

const values = [3, 3, 3, 4, 2, 2, 4, 2];
const times = [1, 3, 0, 5, 3, 1, 4, 2];
const example: AnswerInput[] = values.map((value, index) => ({ questionId: index + 1, value, timeTaken: times[index] }));

function validityOf(candidateAnswers: readonly AnswerInput[]) {
  return computeWorkstyle({ questionnaire, candidateAnswers, teamAnswers: [] }).validity;
}

describe('validity', () => {
  it('computes the worked example: fakingIndex 75, fastAnswerRatio 0.25, run 3, not flagged', () => {
    expect(validityOf(example)).toEqual({ fakingIndex: 75, fastAnswerRatio: 0.25, longestSameAnswerRun: 3, flagged: false });
  });

  it('flags a fast-answer ratio of 3/8 = 0.375 (shown 0.38)', () => {
    const faster = example.map((answer) => (answer.questionId === 2 ? { ...answer, timeTaken: 1 } : answer));
    expect(validityOf(faster)).toEqual({ fakingIndex: 75, fastAnswerRatio: 0.38, longestSameAnswerRun: 3, flagged: true });
  });

  it('flags a faking index of norm(4.5) = 87.5 (q8 answered 1, reverse-scored to 5)', () => {
    const faking = example.map((answer) => (answer.questionId === 8 ? { ...answer, value: 1 } : answer));
    expect(validityOf(faking)).toEqual({ fakingIndex: 87.5, fastAnswerRatio: 0.25, longestSameAnswerRun: 3, flagged: true });
  });

  it('does not let the faking items move the dimension score', () => {
    const faking = example.map((answer) => (answer.questionId === 8 ? { ...answer, value: 1 } : answer));
    const plain = computeWorkstyle({ questionnaire, candidateAnswers: example, teamAnswers: [] });
    const withFaking = computeWorkstyle({ questionnaire, candidateAnswers: faking, teamAnswers: [] });
    // Level (3 + 3 + 3 + 4 + 2 + 2) / 6 = 17/6; norm = 25 · 11/6 = 45.83 in both.
    expect(plain.dimensions[0]!.scorePercentage).toBe(45.83);
    expect(withFaking.dimensions[0]!.scorePercentage).toBe(45.83);
  });

  it('reads the run in delivery order whatever order the answers come in', () => {
    expect(validityOf([...example].reverse()).longestSameAnswerRun).toBe(3);
  });

  it('counts a run across faking items and over unanswered questions', () => {
    // q6 = 4, q7 (faking) = 4, q8 = 4, with q5 unanswered between q4 = 4 and q6: run q4, q6, q7, q8 = 4.
    const run = answers({ 1: 1, 2: 2, 3: 3, 4: 4, 6: 4, 7: 4, 8: 4 }, 5);
    expect(validityOf(run).longestSameAnswerRun).toBe(4);
  });

  it('flags a run of 12 identical answers, not 11', () => {
    const twelve = singleGroup(
      'SUPPLEMENTARY',
      Array.from({ length: 13 }, (_, index) => question(index + 1, 1, index)),
    );
    const same = (count: number) => [
      ...Array.from({ length: count }, (_, index) => ({ questionId: index + 1, value: 3, timeTaken: 5 })),
      { questionId: 13, value: 4, timeTaken: 5 },
    ];
    const eleven = computeWorkstyle({
      questionnaire: twelve,
      candidateAnswers: [...same(11), { questionId: 12, value: 5, timeTaken: 5 }],
      teamAnswers: [],
    }).validity;
    const twelveRun = computeWorkstyle({ questionnaire: twelve, candidateAnswers: same(12), teamAnswers: [] }).validity;
    expect(eleven).toMatchObject({ longestSameAnswerRun: 11, flagged: false });
    expect(twelveRun).toMatchObject({ longestSameAnswerRun: 12, flagged: true });
  });

  it('has a null faking index and ratio 0 without faking items or answers', () => {
    expect(validityOf([])).toEqual({ fakingIndex: null, fastAnswerRatio: 0, longestSameAnswerRun: 0, flagged: false });
  });
});
