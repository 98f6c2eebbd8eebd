import { Injectable } from '@nestjs/common';
import { postgresErrorOf } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { type NewTeammateRow, type TeammateRow, teammates } from '@teamfit/personas';
import { asc, eq, sql } from 'drizzle-orm';

/** Name of the unique index on lower(email_address) (migration 0001_profile). */
const EMAIL_UNIQUE_INDEX = 'teammates_email_address_key';

export type TeammateChanges = Partial<Pick<NewTeammateRow, 'firstName' | 'lastName' | 'emailAddress'>>;

/** True when a write hit the case-insensitive e-mail index. */
export function isTeammateEmailTaken(error: unknown): boolean {
  const postgres = postgresErrorOf(error);
  return postgres?.code === '23505' && postgres.constraint === EMAIL_UNIQUE_INDEX;
}

/** The one gateway to `profile.teammates`: plain rows in, plain rows out, no rules. */
@Injectable()
export class TeammateRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Oldest first, id as tie-breaker, so the order is stable between calls. */
  list(): Promise<TeammateRow[]> {
    return this.db.select().from(teammates).orderBy(asc(teammates.createdAt), asc(teammates.id));
  }

  async findById(id: string): Promise<TeammateRow | undefined> {
    const [row] = await this.db.select().from(teammates).where(eq(teammates.id, id)).limit(1);
    return row;
  }

  /** Case-insensitive, like the unique index. */
  async findByEmail(emailAddress: string): Promise<TeammateRow | undefined> {
    const [row] = await this.db
      .select()
      .from(teammates)
      .where(sql`lower(${teammates.emailAddress}) = lower(${emailAddress})`)
      .limit(1);
    return row;
  }

  /** Throws the driver's unique violation when the e-mail address is taken (see isTeammateEmailTaken). */
  async insert(tx: Executor, values: NewTeammateRow): Promise<TeammateRow> {
    const [row] = await tx.insert(teammates).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /** Changes only the given columns and bumps updated_at; `undefined` when no row has the id. */
  async update(tx: Executor, id: string, changes: TeammateChanges): Promise<TeammateRow | undefined> {
    const [row] = await tx
      .update(teammates)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(teammates.id, id))
      .returning();
    return row;
  }

  async delete(tx: Executor, id: string): Promise<boolean> {
    const deleted = await tx.delete(teammates).where(eq(teammates.id, id)).returning({ id: teammates.id });
    return deleted.length > 0;
  }
}
