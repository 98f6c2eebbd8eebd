import { ScoringInputError } from '../errors';
import type { AnswerInput, PersonAnswers } from '../types';
import type { PreparedQuestionnaire } from './questionnaire';
import { ANSWER_MAX, ANSWER_MIN, mean, scoredValue } from './scale';

/** One person's scored view of one question group (docs/scoring.md, "From answers to levels"). */
export interface GroupProfile {
  /** Mean scored value of the answered non-faking items, in [1, 5]; null when none was answered. */
  readonly level: number | null;
  /** Scored value per answered non-faking item (TOP_TEN keeps the items). */
  readonly items: ReadonlyMap<number, number>;
  /** Level per metadata sub-group (CONFLICT keeps the sub-groups). */
  readonly subGroups: ReadonlyMap<string, number>;
}

export interface PersonProfile {
  readonly groups: ReadonlyMap<number, GroupProfile>;
  /** Number of answered non-faking items: zero means "no scored answer" (left out of the team). */
  readonly scoredItemCount: number;
  /** This person's valid answers to questions of the questionnaire, keyed by question id. */
  readonly answers: ReadonlyMap<number, AnswerInput>;
}

/**
 * Checks one person's answers and turns them into levels. Answers to questions outside the
 * questionnaire are ignored (a stored answer to a question that has since been removed must not
 * break scoring); everything else is iterated in questionnaire order, never in answer order.
 */
export function buildProfile(questionnaire: PreparedQuestionnaire, answers: PersonAnswers): PersonProfile {
  const byQuestion = new Map<number, AnswerInput>();
  for (const answer of answers) {
    if (!questionnaire.questionById.has(answer.questionId)) continue;
    validateAnswer(answer);
    if (byQuestion.has(answer.questionId)) {
      throw new ScoringInputError(`Question ${String(answer.questionId)} is answered twice`);
    }
    byQuestion.set(answer.questionId, answer);
  }

  const groups = new Map<number, GroupProfile>();
  let scoredItemCount = 0;
  for (const group of questionnaire.groups) {
    const items = new Map<number, number>();
    const subGroupValues = new Map<string, number[]>();
    for (const question of questionnaire.questionsByGroup.get(group.id) ?? []) {
      const answer = byQuestion.get(question.id);
      // Faking items are validity items: they never enter a dimension.
      if (!answer || question.faking === true) continue;
      const value = scoredValue(answer.value, question.reverseScore === true);
      items.set(question.id, value);
      const key = question.metadata ?? '';
      const list = subGroupValues.get(key);
      if (list) list.push(value);
      else subGroupValues.set(key, [value]);
    }
    scoredItemCount += items.size;
    const subGroups = new Map<string, number>();
    for (const [key, values] of subGroupValues) subGroups.set(key, mean(values));
    groups.set(group.id, { level: items.size > 0 ? mean([...items.values()]) : null, items, subGroups });
  }

  return { groups, scoredItemCount, answers: byQuestion };
}

function validateAnswer(answer: AnswerInput): void {
  const { questionId, value, timeTaken } = answer;
  if (!Number.isInteger(value) || value < ANSWER_MIN || value > ANSWER_MAX) {
    throw new ScoringInputError(`Answer to question ${String(questionId)} has value ${String(value)}, expected an integer 1-5`);
  }
  if (timeTaken !== undefined && timeTaken !== null && (!Number.isFinite(timeTaken) || timeTaken < 0)) {
    throw new ScoringInputError(`Answer to question ${String(questionId)} has timeTaken ${String(timeTaken)}, expected >= 0`);
  }
}
