import { Injectable } from '@nestjs/common';
import { answerOrder, type NewQuestionAnswerRow, type QuestionAnswerRow, questionAnswers } from '@teamfit/assessment';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { offsetOf } from '@teamfit/common';

export type QuestionAnswerChanges = Partial<Pick<NewQuestionAnswerRow, 'orderIndex' | 'text' | 'value' | 'questionId'>>;

export interface QuestionAnswerFilter {
  search?: string | undefined;
  questionId?: number | undefined;
  page: number;
  limit: number;
}

/** Constraint names (migration of libs/assessment): the service turns them into clear messages. */
export const ANSWER_VALUE_UNIQUE_INDEX = 'question_answers_question_value_key';
export const ANSWER_ORDER_UNIQUE_INDEX = 'question_answers_question_order_key';
export const ANSWER_QUESTION_FOREIGN_KEY = 'question_answers_question_id_questions_id_fk';

/** The one gateway to `organisation.question_answers`: plain rows in, plain rows out, no rules. */
@Injectable()
export class QuestionAnswerRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Question by question, in answer order, with the total; run by the service in a transaction under setSearchTimeout. */
  async page(filter: QuestionAnswerFilter, tx: Executor): Promise<{ rows: QuestionAnswerRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.search !== undefined) conditions.push(sql`${questionAnswers.text} ~* ${filter.search}`);
    if (filter.questionId !== undefined) conditions.push(eq(questionAnswers.questionId, filter.questionId));
    const where = and(...conditions);
    const [counted] = await tx.select({ total: count() }).from(questionAnswers).where(where);
    const rows = await tx
      .select()
      .from(questionAnswers)
      .where(where)
      .orderBy(asc(questionAnswers.questionId), ...answerOrder)
      .limit(filter.limit)
      .offset(offsetOf(filter));
    return { rows, total: counted?.total ?? 0 };
  }

  async findById(id: number): Promise<QuestionAnswerRow | undefined> {
    const [row] = await this.db.select().from(questionAnswers).where(eq(questionAnswers.id, id)).limit(1);
    return row;
  }

  /** Throws the driver's unique or foreign-key violation; the service names it. */
  async insert(tx: Executor, values: NewQuestionAnswerRow): Promise<QuestionAnswerRow> {
    const [row] = await tx.insert(questionAnswers).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /** Changes only the given columns and bumps updated_at; `undefined` when no row has the id. */
  async update(tx: Executor, id: number, changes: QuestionAnswerChanges): Promise<QuestionAnswerRow | undefined> {
    const [row] = await tx
      .update(questionAnswers)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(questionAnswers.id, id))
      .returning();
    return row;
  }

  /** Seeded answers, all at once. */
  async insertMany(tx: Executor, values: NewQuestionAnswerRow[]): Promise<void> {
    if (values.length === 0) return;
    await tx.insert(questionAnswers).values(values);
  }

  async delete(tx: Executor, id: number): Promise<boolean> {
    const deleted = await tx.delete(questionAnswers).where(eq(questionAnswers.id, id)).returning({ id: questionAnswers.id });
    return deleted.length > 0;
  }
}
