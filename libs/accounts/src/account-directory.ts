import { eq, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { type AccountRow, accounts } from './account.table';

/** Read-only view of accounts for other services (the auth service signs accounts in). */
export class AccountDirectory {
  constructor(private readonly db: NodePgDatabase<Record<string, never>>) {}

  async findByEmail(emailAddress: string): Promise<AccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(accounts)
      .where(sql`lower(${accounts.emailAddress}) = lower(${emailAddress})`)
      .limit(1);
    return row;
  }

  async findById(id: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return row;
  }
}
