import { createHash } from 'node:crypto';
import type { QuestionnaireGroup } from '@teamfit/assessment';
import { isScoreType, type QuestionnaireDefinition } from '@teamfit/scoring';
import type { FixedQuestion, QuestionSet } from './evaluation.types';

/**
 * Fixes the questionnaire as it is now: groups in order, each group's questions in order. Later
 * edits to the questionnaire do not change an evaluation already under way.
 */
export function fixQuestionSet(groups: QuestionnaireGroup[]): QuestionSet {
  const fixed: QuestionSet = { groups: [], questions: [] };
  for (const group of groups) {
    if (group.questions.length === 0) continue;
    const scoreType: string = group.scoreType;
    if (!isScoreType(scoreType)) throw new Error(`question group ${group.id} has an unknown score type ${scoreType}`);
    fixed.groups.push({ id: group.id, name: group.name, title: group.title, scoreType });
    for (const question of group.questions) {
      fixed.questions.push({
        id: question.id,
        text: question.text,
        summary: question.summary ?? null,
        type: question.type,
        likertAnswerSet: question.likertAnswerSet ?? null,
        questionGroupId: group.id,
        questionGroupName: group.name,
        questionGroupTitle: group.title,
        orderIndex: question.orderIndex ?? null,
        reverseScore: question.reverseScore,
        faking: question.faking,
        metadata: question.metadata ?? null,
      });
    }
  }
  return fixed;
}

/** What the scoring engine needs of a fixed question set. */
export function scoringQuestionnaire(set: QuestionSet): QuestionnaireDefinition {
  return {
    groups: set.groups.map((group) => ({ id: group.id, name: group.name, scoreType: group.scoreType })),
    questions: set.questions.map((question) => ({
      id: question.id,
      groupId: question.questionGroupId,
      order: question.orderIndex,
      reverseScore: question.reverseScore,
      faking: question.faking,
      metadata: question.metadata,
    })),
  };
}

/** A question as the API serves it (`ServedQuestionDto` in the OpenAPI document). */
export interface ServedQuestion {
  id: number;
  text: string;
  summary?: string;
  type: string;
  likertAnswerSet: string | null;
  questionGroupId: number;
  questionGroupName: string;
  questionGroupTitle: string;
}

export function serveQuestion(question: FixedQuestion): ServedQuestion {
  return {
    id: question.id,
    text: question.text,
    ...(question.summary ? { summary: question.summary } : {}),
    type: question.type,
    likertAnswerSet: question.likertAnswerSet,
    questionGroupId: question.questionGroupId,
    questionGroupName: question.questionGroupName,
    questionGroupTitle: question.questionGroupTitle,
  };
}

/**
 * The canonical JSON of a question set: PostgreSQL's jsonb text form (keys ordered by UTF-8
 * length then bytes, `", "` and `": "` separators), so a hash computed here equals
 * `sha256(question_set::text)` computed in SQL, as the migration that introduced versions did.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
    keys.sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)));
    return `{${keys.map((key) => `${JSON.stringify(key)}: ${canonicalJson((value as Record<string, unknown>)[key])}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

export const questionSetHash = (set: QuestionSet): string => createHash('sha256').update(canonicalJson(set), 'utf8').digest('hex');
