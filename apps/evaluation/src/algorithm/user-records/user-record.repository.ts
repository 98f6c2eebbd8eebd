import { asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database, Executor } from '@teamfit/database';
import { offsetOf, type PageRequest } from '@teamfit/common';
import type { userExperiences, userGoals } from '../../database/evaluation.schema';

type UserRecordTable = typeof userExperiences | typeof userGoals;
type AnyUserRecordRow = UserRecordTable['$inferSelect'];

/** Each subclass binds Row to its own table's row type; Drizzle types the union of both tables. */
const asRow = <Row>(row: AnyUserRecordRow): Row => row as unknown as Row;

/**
 * The gateway to one user-record table (user_experiences or user_goals), keyed by user id:
 * plain rows in, plain rows out, no rules. Subclassed once per table.
 */
export abstract class UserRecordRepository<Row extends { userId: number }> {
  protected constructor(
    private readonly db: Database,
    private readonly table: UserRecordTable,
  ) {}

  async list(page: PageRequest): Promise<Row[]> {
    const rows = await this.db.select().from(this.table).orderBy(asc(this.table.userId)).limit(page.limit).offset(offsetOf(page));
    return rows.map(asRow<Row>);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(this.table);
    return row?.total ?? 0;
  }

  async findByUserId(userId: number): Promise<Row | undefined> {
    const [row] = await this.db.select().from(this.table).where(eq(this.table.userId, userId)).limit(1);
    return row && asRow<Row>(row);
  }

  /** Throws the driver's unique violation when the user already has a record. */
  async insert(tx: Executor, row: Row): Promise<Row> {
    const [inserted] = await tx.insert(this.table).values(row).returning();
    if (!inserted) throw new Error('INSERT ... RETURNING gave no row');
    return asRow<Row>(inserted);
  }

  /**
   * One statement, so concurrent upserts of one user neither fail nor duplicate: inserts `fresh`
   * when the user has no record, else changes only `changes`. `created` is PostgreSQL's
   * "inserted, not updated" (xmax = 0 on a row this statement inserted).
   */
  async upsert(tx: Executor, fresh: Row, changes: Partial<Row>): Promise<{ row: Row; created: boolean }> {
    const set = Object.keys(changes).length > 0 ? changes : { userId: sql`excluded.user_id` };
    const [result] = await tx
      .insert(this.table)
      .values(fresh)
      .onConflictDoUpdate({ target: this.table.userId, set })
      .returning({ ...getTableColumns(this.table), created: sql<boolean>`(xmax = 0)` });
    if (!result) throw new Error('INSERT ... ON CONFLICT ... RETURNING gave no row');
    const { created, ...row } = result;
    return { row: asRow<Row>(row), created };
  }

  async delete(tx: Executor, userId: number): Promise<boolean> {
    const deleted = await tx.delete(this.table).where(eq(this.table.userId, userId)).returning({ userId: this.table.userId });
    return deleted.length > 0;
  }
}
