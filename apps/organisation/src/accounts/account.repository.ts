import { Injectable } from '@nestjs/common';
import { type AccountRow, accounts, type NewAccountRow } from '@teamfit/accounts';
import { type Database, InjectDatabase } from '@teamfit/database';
import { asc, eq, sql } from 'drizzle-orm';

/** Name of the unique index on lower(email_address) (migration 0001_accounts). */
const EMAIL_UNIQUE_INDEX = 'accounts_email_address_key';

export type AccountChanges = Partial<Pick<NewAccountRow, 'emailAddress' | 'firstName' | 'lastName' | 'organisationId' | 'isAdmin' | 'status'>>;

/**
 * True when a write hit the case-insensitive e-mail index. Drizzle wraps the driver's error, so
 * the SQLSTATE and constraint name sit on one of the causes.
 */
export function isEmailAddressTaken(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === EMAIL_UNIQUE_INDEX) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The one gateway to `organisation.accounts`: plain rows in, plain rows out, no rules. */
@Injectable()
export class AccountRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Oldest first, id as tie-breaker, so the order is stable between calls. */
  list(): Promise<AccountRow[]> {
    return this.db.select().from(accounts).orderBy(asc(accounts.createdAt), asc(accounts.id));
  }

  async findById(id: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return row;
  }

  async findByEmail(emailAddress: string): Promise<AccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(accounts)
      .where(sql`lower(${accounts.emailAddress}) = lower(${emailAddress})`)
      .limit(1);
    return row;
  }

  /** Throws the driver's unique violation when the e-mail address is taken (see isEmailAddressTaken). */
  async insert(values: NewAccountRow): Promise<AccountRow> {
    const [row] = await this.db.insert(accounts).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /**
   * INSERT ... ON CONFLICT DO NOTHING: no conflict target, because the unique index is on an
   * expression (lower(email_address)). Concurrent callers cannot both insert; the loser gets
   * `undefined` instead of an error.
   */
  async insertIfMissing(values: NewAccountRow): Promise<AccountRow | undefined> {
    const [row] = await this.db.insert(accounts).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** Changes only the given columns and bumps updated_at; `undefined` when no row has the id. */
  async update(id: string, changes: AccountChanges): Promise<AccountRow | undefined> {
    const [row] = await this.db
      .update(accounts)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(accounts.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const deleted = await this.db.delete(accounts).where(eq(accounts.id, id)).returning({ id: accounts.id });
    return deleted.length > 0;
  }
}
