import { accounts } from '@teamfit/accounts';
import { openTestDatabase } from '@teamfit/database/testing';

/**
 * The accounts `TestTokens.admin()` and `TestTokens.account()` name. Services read an account
 * token's rights from the account itself (docs/adr/0067-rights-read-from-the-account.md), so these
 * are real rows of the migrated template every test database is cloned from.
 */
export const TEST_ADMIN_ACCOUNT = {
  id: '00000000-0000-4000-8000-000000000001',
  emailAddress: 'test.admin@teamfit.test',
  firstName: 'Test',
  lastName: 'Administrator',
  isAdmin: true,
} as const;

export const TEST_MEMBER_ACCOUNT = {
  id: '00000000-0000-4000-8000-000000000002',
  emailAddress: 'test.member@teamfit.test',
  firstName: 'Test',
  lastName: 'Member',
  isAdmin: false,
} as const;

/** An account a test's tokens name beside the two above: a member unless it says otherwise. */
export interface ExtraTestAccount {
  id: string;
  emailAddress: string;
  isAdmin?: boolean;
}

/**
 * Writes the test accounts into a migrated database (the template, or a database migrated step by
 * step), and any `extra` accounts a test's own tokens name.
 */
export async function seedTestAccounts(databaseUrl: string, extra: readonly ExtraTestAccount[] = []): Promise<void> {
  const database = openTestDatabase(databaseUrl);
  const others = extra.map((account) => ({ firstName: 'Test', lastName: 'Account', isAdmin: false, ...account }));
  try {
    await database.db
      .insert(accounts)
      .values([TEST_ADMIN_ACCOUNT, TEST_MEMBER_ACCOUNT, ...others])
      .onConflictDoNothing();
  } finally {
    await database.close();
  }
}
