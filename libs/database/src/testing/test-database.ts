import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { quoteIdentifier } from '../embedded-postgres';
import { type MigrationTarget, runMigrations } from '../migrations';

/** Environment the Jest global setup leaves for test files. */
export const TEST_ADMIN_URL_ENV = 'TEAMFIT_TEST_ADMIN_URL';
export const TEST_TEMPLATE_ENV = 'TEAMFIT_TEST_TEMPLATE';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Builds the migrated template every test database is cloned from (once per test run). */
export async function prepareTemplateDatabase(adminUrl: string, template: string, targets: MigrationTarget[]): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(template)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoteIdentifier(template)}`);
  } finally {
    await admin.end();
  }
  const templateUrl = withDatabase(adminUrl, template);
  for (const target of targets) await runMigrations(templateUrl, target);
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file: a clone of the template (milliseconds). */
export async function createTestDatabase(env: NodeJS.ProcessEnv = process.env): Promise<TestDatabase> {
  const adminUrl = env[TEST_ADMIN_URL_ENV];
  const template = env[TEST_TEMPLATE_ENV];
  if (!adminUrl || !template) {
    throw new Error(`${TEST_ADMIN_URL_ENV} and ${TEST_TEMPLATE_ENV} are unset: run tests through jest (its global setup starts PostgreSQL)`);
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(template)}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    name,
    drop: async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
