import { Injectable } from '@nestjs/common';
import { type NewQuestionRow, questionOrder, type QuestionRow, questions } from '@teamfit/assessment';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { offsetOf } from '@teamfit/common';

export type QuestionChanges = Partial<Omit<NewQuestionRow, 'id' | 'createdAt' | 'updatedAt'>>;

export interface QuestionFilter {
  search?: string | undefined;
  questionGroupId?: number | undefined;
  page: number;
  limit: number;
}

/** Foreign key of questions.question_group_id (drizzle-kit's name). */
export const QUESTION_GROUP_FOREIGN_KEY = 'questions_question_group_id_question_groups_id_fk';

/** The one gateway to `organisation.questions`: plain rows in, plain rows out, no rules. */
@Injectable()
export class QuestionRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Group by group, in question order, with the total; run by the service in a transaction under setSearchTimeout. */
  async page(filter: QuestionFilter, tx: Executor): Promise<{ rows: QuestionRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.search !== undefined) conditions.push(sql`${questions.text} ~* ${filter.search}`);
    if (filter.questionGroupId !== undefined) conditions.push(eq(questions.questionGroupId, filter.questionGroupId));
    const where = and(...conditions);
    const [counted] = await tx.select({ total: count() }).from(questions).where(where);
    const rows = await tx
      .select()
      .from(questions)
      .where(where)
      .orderBy(asc(questions.questionGroupId), ...questionOrder)
      .limit(filter.limit)
      .offset(offsetOf(filter));
    return { rows, total: counted?.total ?? 0 };
  }

  async findById(id: number): Promise<QuestionRow | undefined> {
    const [row] = await this.db.select().from(questions).where(eq(questions.id, id)).limit(1);
    return row;
  }

  /** Throws the driver's foreign-key violation when the group does not exist. */
  async insert(tx: Executor, values: NewQuestionRow): Promise<QuestionRow> {
    const [row] = await tx.insert(questions).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /** Changes only the given columns and bumps updated_at; `undefined` when no row has the id. */
  async update(tx: Executor, id: number, changes: QuestionChanges): Promise<QuestionRow | undefined> {
    const [row] = await tx
      .update(questions)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(questions.id, id))
      .returning();
    return row;
  }

  /** The question's answers go with it (ON DELETE CASCADE), in the same statement. */
  async delete(tx: Executor, id: number): Promise<boolean> {
    const deleted = await tx.delete(questions).where(eq(questions.id, id)).returning({ id: questions.id });
    return deleted.length > 0;
  }

  /** Seeded questions, all at once; their ids and answer sets, for the answers that follow. */
  insertMany(tx: Executor, values: NewQuestionRow[]): Promise<Array<Pick<QuestionRow, 'id' | 'likertAnswerSet'>>> {
    return tx.insert(questions).values(values).returning({ id: questions.id, likertAnswerSet: questions.likertAnswerSet });
  }

  /** Which of these questions exist, locked so that they cannot vanish before they move. */
  async lockExisting(tx: Executor, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx.select({ id: questions.id }).from(questions).where(inArray(questions.id, ids)).for('update');
    return rows.map((row) => row.id);
  }

  /** Moves questions into the group (each question belongs to exactly one group). */
  async moveToGroup(tx: Executor, ids: number[], groupId: number): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(questions)
      .set({ questionGroupId: groupId, updatedAt: sql`now()` })
      .where(and(inArray(questions.id, ids), sql`${questions.questionGroupId} <> ${groupId}`));
  }
}
