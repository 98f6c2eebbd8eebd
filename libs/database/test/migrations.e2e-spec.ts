import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { runMigrations } from '../src/migrations';
import { serviceMigrationTargets } from '../src/service-migrations';

const FIXTURE = path.join(__dirname, 'fixtures', 'migrations');
const REPOSITORY_ROOT = path.resolve(__dirname, '../../..');

async function query<T extends object>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('migrations against a real PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('gives each test file a clone of the migrated template: one schema per service', async () => {
    const rows = await query<{ nspname: string }>(database.url, `SELECT nspname FROM pg_namespace`);
    const schemas = rows.map((row) => row.nspname);
    const services = serviceMigrationTargets(REPOSITORY_ROOT).map((target) => target.service);
    expect(services).toEqual(expect.arrayContaining(['telemetry', 'auth', 'profile', 'organisation', 'media', 'evaluation']));
    for (const service of services) expect(schemas).toContain(service);
  });

  it('applies committed migrations once, in order, and again only what is new', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'fixture-migrations-'));
    cpSync(FIXTURE, folder, { recursive: true });
    expect(await runMigrations(database.url, { service: 'fixture', migrationsFolder: folder })).toBe(1);
    expect(await runMigrations(database.url, { service: 'fixture', migrationsFolder: folder })).toBe(0);
    await query(database.url, `INSERT INTO fixture.note (body) VALUES ('hello')`);

    // A second migration, as drizzle-kit would append it.
    writeFileSync(
      path.join(folder, '0001_add_author.sql'),
      'ALTER TABLE "fixture"."note" ADD COLUMN "author" text DEFAULT \'anonymous\' NOT NULL;',
    );
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: object[] };
    journal.entries.push({ idx: 1, version: '7', when: 1_790_000_000_000, tag: '0001_add_author', breakpoints: true });
    writeFileSync(journalPath, JSON.stringify(journal));
    expect(await runMigrations(database.url, { service: 'fixture', migrationsFolder: folder })).toBe(1);
    expect(await query(database.url, 'SELECT body, author FROM fixture.note')).toEqual([{ body: 'hello', author: 'anonymous' }]);
  });

  it('runs concurrently from several services without racing', async () => {
    const results = await Promise.all(
      ['one', 'two', 'three'].map((name) => {
        const folder = mkdtempSync(path.join(tmpdir(), `fixture-${name}-`));
        cpSync(FIXTURE, folder, { recursive: true });
        return runMigrations(database.url, { service: `concurrent_${name}`, migrationsFolder: folder }).catch((error: unknown) => error);
      }),
    );
    // All three create schemas at once; the advisory lock serialises them, so none collides.
    expect(results).toEqual([1, 1, 1]);
  });

  it('applies a service’s migrations once when several instances of it start together on an empty database', async () => {
    const empty = await createTestDatabase(process.env, { empty: true });
    try {
      const folder = mkdtempSync(path.join(tmpdir(), 'fixture-instances-'));
      cpSync(FIXTURE, folder, { recursive: true });
      const target = { service: 'instances', migrationsFolder: folder };
      const results = await Promise.all([0, 1, 2].map(() => runMigrations(empty.url, target).catch((error: unknown) => String(error))));
      // One instance applied the migration; the others waited for the lock and found it applied.
      expect([...results].sort()).toEqual([0, 0, 1]);
      expect(await query(empty.url, 'SELECT count(*)::int AS n FROM drizzle.instances_migrations')).toEqual([{ n: 1 }]);
    } finally {
      await empty.drop();
    }
  });

  it('does nothing for a service without migrations', async () => {
    expect(await runMigrations(database.url, { service: 'none', migrationsFolder: path.join(tmpdir(), 'does-not-exist') })).toBe(0);
  });
});
