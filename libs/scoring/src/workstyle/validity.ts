import { round2 } from '../rounding';
import type { ValidityResult } from '../types';
import type { PersonProfile } from './profile';
import type { PreparedQuestionnaire } from './questionnaire';
import { mean, norm, scoredValue } from './scale';

/** Thresholds of docs/scoring.md, "Validity": any one of them flags the result for review. */
export const VALIDITY_THRESHOLDS = {
  /** Flag when the faking index (0-100) is at least this. */
  fakingIndex: 80,
  /** An answer is fast when `0 < timeTaken < fastAnswerSeconds`; 0 means "not measured". */
  fastAnswerSeconds: 2,
  /** Flag when the share of fast answers is at least this. */
  fastAnswerRatio: 0.3,
  /** Flag on a run of this many identical answers or more. */
  sameAnswerRun: 12,
} as const;

/**
 * The candidate's validity block. It is flag-and-review only: scores are never corrected.
 * The flags are read from the rounded numbers, like the categories, so a client re-checking
 * the thresholds against what it was sent always agrees with `flagged`.
 */
export function computeValidity(questionnaire: PreparedQuestionnaire, candidate: PersonProfile): ValidityResult {
  const answers = [...candidate.answers.values()];

  const fakingValues: number[] = [];
  for (const answer of answers) {
    const question = questionnaire.questionById.get(answer.questionId);
    if (question?.faking === true) fakingValues.push(scoredValue(answer.value, question.reverseScore === true));
  }
  const fakingIndex = fakingValues.length > 0 ? round2(norm(mean(fakingValues))) : null;

  const fast = answers.filter((answer) => {
    const seconds = answer.timeTaken ?? 0;
    return seconds > 0 && seconds < VALIDITY_THRESHOLDS.fastAnswerSeconds;
  }).length;
  const fastAnswerRatio = answers.length > 0 ? round2(fast / answers.length) : 0;

  const longestSameAnswerRun = longestRun(questionnaire, answers);

  const flagged =
    (fakingIndex !== null && fakingIndex >= VALIDITY_THRESHOLDS.fakingIndex) ||
    fastAnswerRatio >= VALIDITY_THRESHOLDS.fastAnswerRatio ||
    longestSameAnswerRun >= VALIDITY_THRESHOLDS.sameAnswerRun;

  return { fakingIndex, fastAnswerRatio, longestSameAnswerRun, flagged };
}

/**
 * Longest run of identical raw values (what the respondent pressed, before reverse scoring:
 * straight-lining is about the buttons) in delivery order. Faking items count, they were shown
 * like any other; unanswered questions are skipped, so the run is over the answers as given.
 */
function longestRun(questionnaire: PreparedQuestionnaire, answers: readonly { questionId: number; value: number }[]): number {
  const inOrder = [...answers].sort(
    (a, b) => (questionnaire.deliveryRank.get(a.questionId) ?? 0) - (questionnaire.deliveryRank.get(b.questionId) ?? 0),
  );
  let longest = 0;
  let current = 0;
  let previous: number | undefined;
  for (const { value } of inOrder) {
    current = value === previous ? current + 1 : 1;
    previous = value;
    longest = Math.max(longest, current);
  }
  return longest;
}
