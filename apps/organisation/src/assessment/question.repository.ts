import { Injectable } from '@nestjs/common';
import { type NewQuestionRow, questionOrder, type QuestionRow, questions } from '@teamfit/assessment';
import { type Database, InjectDatabase } from '@teamfit/database';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { offsetOf } from '@teamfit/common';
import { withSearchTimeout } from './assessment-search';

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

  /** Group by group, in question order, with the total; the search runs under the statement timeout. */
  page(filter: QuestionFilter): Promise<{ rows: QuestionRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.search !== undefined) conditions.push(sql`${questions.text} ~* ${filter.search}`);
    if (filter.questionGroupId !== undefined) conditions.push(eq(questions.questionGroupId, filter.questionGroupId));
    const where = and(...conditions);
    return withSearchTimeout(this.db, async (tx) => {
      const [counted] = await tx.select({ total: count() }).from(questions).where(where);
      const rows = await tx
        .select()
        .from(questions)
        .where(where)
        .orderBy(asc(questions.questionGroupId), ...questionOrder)
        .limit(filter.limit)
        .offset(offsetOf(filter));
      return { rows, total: counted?.total ?? 0 };
    });
  }

  async findById(id: number): Promise<QuestionRow | undefined> {
    const [row] = await this.db.select().from(questions).where(eq(questions.id, id)).limit(1);
    return row;
  }

  /** Throws the driver's foreign-key violation when the group does not exist. */
  async insert(values: NewQuestionRow): Promise<QuestionRow> {
    const [row] = await this.db.insert(questions).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /** Changes only the given columns and bumps updated_at; `undefined` when no row has the id. */
  async update(id: number, changes: QuestionChanges): Promise<QuestionRow | undefined> {
    const [row] = await this.db
      .update(questions)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(questions.id, id))
      .returning();
    return row;
  }

  /** The question's answers go with it (ON DELETE CASCADE), in the same statement. */
  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.delete(questions).where(eq(questions.id, id)).returning({ id: questions.id });
    return deleted.length > 0;
  }
}
