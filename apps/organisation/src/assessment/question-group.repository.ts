import { Injectable } from '@nestjs/common';
import { type NewQuestionGroupRow, type QuestionGroupRow, questionGroups, questions } from '@teamfit/assessment';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { and, asc, count, eq, getTableColumns, notInArray, type SQL, sql } from 'drizzle-orm';
import { offsetOf } from '@teamfit/common';

export type QuestionGroupChanges = Partial<Pick<NewQuestionGroupRow, 'name' | 'title' | 'strapline' | 'scoreType'>>;
/** A group with the ids of its questions, in question order. */
export type QuestionGroupWithQuestions = QuestionGroupRow & { questionIds: number[] };

/**
 * `questionIds` is derived from questions.question_group_id in the same statement, so it is one
 * consistent snapshot and never a second copy that could disagree.
 */
const withQuestionIds = {
  ...getTableColumns(questionGroups),
  // Written with an alias: in a one-table select Drizzle leaves column names unqualified, which
  // inside this subquery would all resolve to the questions table.
  questionIds: sql<number[]>`coalesce((
    SELECT array_agg(q.id ORDER BY q.order_index ASC NULLS LAST, q.id)
    FROM ${questions} AS q WHERE q.question_group_id = "question_groups"."id"
  ), '{}')`.as('question_ids'),
};

export interface QuestionGroupFilter {
  search?: string | undefined;
  page: number;
  limit: number;
}

/** The one gateway to `organisation.question_groups`: plain rows in, plain rows out, no rules. */
@Injectable()
export class QuestionGroupRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** A page by id, with the total; run by the service in a transaction under setSearchTimeout. */
  async page(filter: QuestionGroupFilter, tx: Executor): Promise<{ rows: QuestionGroupWithQuestions[]; total: number }> {
    const where: SQL | undefined = filter.search === undefined ? undefined : sql`${questionGroups.name} ~* ${filter.search}`;
    const [counted] = await tx.select({ total: count() }).from(questionGroups).where(where);
    const rows = await tx
      .select(withQuestionIds)
      .from(questionGroups)
      .where(where)
      .orderBy(asc(questionGroups.id))
      .limit(filter.limit)
      .offset(offsetOf(filter));
    return { rows, total: counted?.total ?? 0 };
  }

  async findById(id: number, db: Executor = this.db): Promise<QuestionGroupWithQuestions | undefined> {
    const [row] = await db.select(withQuestionIds).from(questionGroups).where(eq(questionGroups.id, id)).limit(1);
    return row;
  }

  /** Locks the group against concurrent changes, including questions being added to it. */
  async lockById(tx: Executor, id: number): Promise<boolean> {
    const rows = await tx.select({ id: questionGroups.id }).from(questionGroups).where(eq(questionGroups.id, id)).for('update');
    return rows.length > 0;
  }

  /** Throws the driver's unique violation when the name is taken. */
  async insert(tx: Executor, values: NewQuestionGroupRow): Promise<QuestionGroupRow> {
    const [row] = await tx.insert(questionGroups).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /** Changes the given columns and bumps updated_at. */
  async update(tx: Executor, id: number, changes: QuestionGroupChanges): Promise<void> {
    await tx
      .update(questionGroups)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(questionGroups.id, id));
  }

  /** Questions of the group that are not among `keep`. */
  async questionsOutside(groupId: number, keep: number[], db: Executor = this.db): Promise<number[]> {
    const condition =
      keep.length === 0
        ? eq(questions.questionGroupId, groupId)
        : and(eq(questions.questionGroupId, groupId), notInArray(questions.id, keep));
    const rows = await db.select({ id: questions.id }).from(questions).where(condition).orderBy(asc(questions.id));
    return rows.map((row) => row.id);
  }

  /** Throws the driver's foreign-key violation while the group still has questions. */
  /** Seeded groups; a group whose name is taken is left out (not returned). */
  insertMissing(tx: Executor, values: NewQuestionGroupRow[]): Promise<Array<Pick<QuestionGroupRow, 'id' | 'name'>>> {
    return tx.insert(questionGroups).values(values).onConflictDoNothing().returning({ id: questionGroups.id, name: questionGroups.name });
  }

  async delete(tx: Executor, id: number): Promise<boolean> {
    const deleted = await tx.delete(questionGroups).where(eq(questionGroups.id, id)).returning({ id: questionGroups.id });
    return deleted.length > 0;
  }
}
