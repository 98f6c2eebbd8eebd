import { Injectable } from '@nestjs/common';
import { AccountDirectory, type AccountRow, accounts, type NewAccountRow } from '@teamfit/accounts';
import { postgresErrorOf } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase, InjectReadDatabase } from '@teamfit/database';
import { asc, eq, sql } from 'drizzle-orm';

/** Name of the unique index on lower(email_address) (migration 0001_accounts). */
const EMAIL_UNIQUE_INDEX = 'accounts_email_address_key';

export type AccountChanges = Partial<
  Pick<NewAccountRow, 'emailAddress' | 'firstName' | 'lastName' | 'organisationId' | 'isAdmin' | 'status'>
>;

/** True when a write hit the case-insensitive e-mail index. */
export function isEmailAddressTaken(error: unknown): boolean {
  const postgres = postgresErrorOf(error);
  return postgres?.code === '23505' && postgres.constraint === EMAIL_UNIQUE_INDEX;
}

/** The one gateway to `organisation.accounts`: plain rows in, plain rows out, no rules. */
@Injectable()
export class AccountRepository {
  private readonly directory: AccountDirectory;
  /**
   * The list is the hot read: a named statement is parsed and planned once per connection. It
   * goes to the read replica: an account created a moment ago may be missing for that moment.
   */
  private readonly listStatement;

  constructor(@InjectDatabase() db: Database, @InjectReadDatabase() reads: Database) {
    this.directory = new AccountDirectory(db);
    this.listStatement = reads
      .select()
      .from(accounts)
      .orderBy(asc(accounts.createdAt), asc(accounts.id))
      .prepare('organisation_accounts_list');
  }

  /** Oldest first, id as tie-breaker, so the order is stable between calls. */
  list(): Promise<AccountRow[]> {
    return this.listStatement.execute();
  }

  findById(id: string): Promise<AccountRow | undefined> {
    return this.directory.findById(id);
  }

  /** Case-insensitive, like the unique index. */
  findByEmail(emailAddress: string): Promise<AccountRow | undefined> {
    return this.directory.findByEmail(emailAddress);
  }

  /** Throws the driver's unique violation when the e-mail address is taken (see isEmailAddressTaken). */
  async insert(tx: Executor, values: NewAccountRow): Promise<AccountRow> {
    const [row] = await tx.insert(accounts).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /**
   * INSERT ... ON CONFLICT DO NOTHING: no conflict target, because the unique index is on an
   * expression (lower(email_address)). Concurrent callers cannot both insert; the loser gets
   * `undefined` instead of an error.
   */
  async insertIfMissing(tx: Executor, values: NewAccountRow): Promise<AccountRow | undefined> {
    const [row] = await tx.insert(accounts).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** Changes only the given columns and bumps updated_at; `undefined` when no row has the id. */
  async update(tx: Executor, id: string, changes: AccountChanges): Promise<AccountRow | undefined> {
    const [row] = await tx
      .update(accounts)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(accounts.id, id))
      .returning();
    return row;
  }

  async delete(tx: Executor, id: string): Promise<boolean> {
    const deleted = await tx.delete(accounts).where(eq(accounts.id, id)).returning({ id: accounts.id });
    return deleted.length > 0;
  }
}
