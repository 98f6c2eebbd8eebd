import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Client, Pool } from 'pg';
import { type Database, survivingConnectionLoss } from '../database.module';
import { quoteIdentifier } from '../embedded-postgres';
import { type MigrationTarget, runMigrations } from '../migrations';
import { provisionServiceRole } from '../service-role';

/** Environment the Jest global setup leaves for test files. */
export const TEST_ADMIN_URL_ENV = 'TEAMFIT_TEST_ADMIN_URL';
export const TEST_TEMPLATE_ENV = 'TEAMFIT_TEST_TEMPLATE';
/** The services' role on the run's server (a URL of its maintenance database); unset, tests use the owner's. */
export const TEST_SERVICE_URL_ENV = 'TEAMFIT_TEST_SERVICE_URL';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Builds the migrated template every test database is cloned from (once per test run). With the
 * services' role's password, the role and its default privileges are provisioned in the template
 * first, so that every clone grants the role what the migrations made.
 */
export async function prepareTemplateDatabase(
  adminUrl: string,
  template: string,
  targets: MigrationTarget[],
  servicePassword?: string,
): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(template)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoteIdentifier(template)}`);
  } finally {
    await admin.end();
  }
  const templateUrl = withDatabase(adminUrl, template);
  if (servicePassword !== undefined) await provisionServiceRole(templateUrl, servicePassword);
  for (const target of targets) await runMigrations(templateUrl, target);
}

export interface TestDatabase {
  /** As the owner: migrations, fixtures, whatever a test needs to set up. */
  url: string;
  /** As the services' role, which only reads and writes rows (the owner's URL on a server given to the run). */
  serviceUrl: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a clone of the template (milliseconds). `empty`
 * gives a database without any migration instead (for tests that migrate step by step).
 */
export async function createTestDatabase(env: NodeJS.ProcessEnv = process.env, options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = env[TEST_ADMIN_URL_ENV];
  const template = env[TEST_TEMPLATE_ENV];
  if (!adminUrl || !template) {
    throw new Error(
      `${TEST_ADMIN_URL_ENV} and ${TEST_TEMPLATE_ENV} are unset: run it as an e2e test (test/*.e2e-spec.ts: the e2e tier's global setup starts PostgreSQL)`,
    );
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}${options.empty ? '' : ` TEMPLATE ${quoteIdentifier(template)}`}`);
  } finally {
    await admin.end();
  }
  const serviceUrl = env[TEST_SERVICE_URL_ENV];
  return {
    url: withDatabase(adminUrl, name),
    serviceUrl: withDatabase(serviceUrl || adminUrl, name),
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

/**
 * The target's migrations up to and including `lastTag`, as a scratch copy whose journal ends
 * there: running it builds the schema as it was then; running the full target later applies the rest.
 */
export function migrationsUpTo(target: MigrationTarget, lastTag: string): MigrationTarget {
  const folder = mkdtempSync(path.join(tmpdir(), `${target.service}-migrations-`));
  cpSync(target.migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`${target.service} has no migration ${lastTag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return { ...target, migrationsFolder: folder };
}

/** A database handle as a service holds one (on a small pool), for test factories that write through the real repositories. */
export function openTestDatabase(url: string): { db: Database; close(): Promise<void> } {
  // As in the services: a connection the server ends while idle is dropped, not an unhandled error.
  const pool = survivingConnectionLoss(new Pool({ connectionString: url, max: 2 }), 'test-factory');
  return { db: drizzle({ client: pool }), close: () => pool.end() };
}
