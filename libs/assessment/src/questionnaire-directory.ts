import { asc, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import {
  type QuestionAnswerRow,
  questionAnswers,
  type QuestionGroupRow,
  questionGroups,
  type QuestionRow,
  questions,
} from './assessment.tables';

export interface QuestionnaireQuestion extends QuestionRow {
  /** In answer order (orderIndex, then id). */
  answers: QuestionAnswerRow[];
}

export interface QuestionnaireGroup extends QuestionGroupRow {
  /** In question order (orderIndex, questions without one last, then id). */
  questions: QuestionnaireQuestion[];
}

/** The order every reader of assessment content uses: groups by id, questions by orderIndex. */
export const questionOrder = [sql`${questions.orderIndex} ASC NULLS LAST`, asc(questions.id)] as const;
export const answerOrder = [asc(questionAnswers.orderIndex), asc(questionAnswers.id)] as const;

/**
 * Read-only view of the questionnaire for other services: the evaluation service fixes an
 * evaluation's question set from it. Not a table's repository: it writes nothing and changes no
 * state, so the read-only snapshot it opens is its own (a caller in another service cannot see
 * the assessment tables to open one around it).
 */
export class QuestionnaireDirectory {
  constructor(private readonly db: NodePgDatabase<Record<string, never>>) {}

  /**
   * Every group with its questions and their answers, in order. One repeatable-read snapshot, so a
   * concurrent edit cannot show up half-applied (a question whose answers are from another moment).
   */
  load(): Promise<QuestionnaireGroup[]> {
    return this.db.transaction(
      async (tx) => {
        const groups = await tx.select().from(questionGroups).orderBy(asc(questionGroups.id));
        const questionRows = await tx
          .select()
          .from(questions)
          .orderBy(asc(questions.questionGroupId), ...questionOrder);
        const answerRows = await tx
          .select()
          .from(questionAnswers)
          .orderBy(asc(questionAnswers.questionId), ...answerOrder);
        return assemble(groups, questionRows, answerRows);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}

function assemble(groups: QuestionGroupRow[], questionRows: QuestionRow[], answerRows: QuestionAnswerRow[]): QuestionnaireGroup[] {
  const answersByQuestion = new Map<number, QuestionAnswerRow[]>();
  for (const answer of answerRows) {
    const list = answersByQuestion.get(answer.questionId) ?? [];
    list.push(answer);
    answersByQuestion.set(answer.questionId, list);
  }
  const questionsByGroup = new Map<number, QuestionnaireQuestion[]>();
  for (const question of questionRows) {
    const list = questionsByGroup.get(question.questionGroupId) ?? [];
    list.push({ ...question, answers: answersByQuestion.get(question.id) ?? [] });
    questionsByGroup.set(question.questionGroupId, list);
  }
  return groups.map((group) => ({ ...group, questions: questionsByGroup.get(group.id) ?? [] }));
}
