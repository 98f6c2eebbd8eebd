import { PLATFORM_QUESTIONNAIRE_SEED_KEY } from '@teamfit/assessment';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { migrationsFolderOf } from '@teamfit/platform';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { organisationAppModule } from '../src/organisation-app.module';
import { TelemetryRetentionJob } from '../src/statistics/telemetry-retention.job';

const ROOT = path.resolve(__dirname, '../../..');
const TODAY = new Date('2026-06-15T12:00:00Z');
const DAY_MS = 86_400_000;

const journalTags = (folder: string): string[] =>
  (JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.map(
    (entry) => entry.tag,
  );

/**
 * Two instances of the organisation service started at the same moment against one empty
 * database: each migrates, seeds the questionnaire and the administrator, and looks for a
 * retention pass, concurrently with the other, as `SERVICE_INSTANCES=2` starts them.
 */
describe('two organisation instances started at once on an empty database', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let client: Client;
  let now = TODAY;
  let started: PromiseSettledResult<RunningTestService>[] = [];
  const instances = (): RunningTestService[] => started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const start = () =>
    startTestService('organisation', (config) => organisationAppModule(config, { now: () => now }), {
      databaseUrl: database.url,
      keys: tokens.keys,
      migrate: true,
    });
  const count = async (sql: string, values: unknown[] = []): Promise<number> =>
    Number((await client.query<{ n: string }>(sql, values)).rows[0]?.n);

  beforeAll(async () => {
    database = await createTestDatabase(process.env, { empty: true });
    started = await Promise.all(
      [0, 1].map(() =>
        start().then(
          (value) => ({ status: 'fulfilled', value }) as const,
          (reason: unknown) => ({ status: 'rejected', reason }) as const,
        ),
      ),
    );
    client = new Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await Promise.all(instances().map((instance) => instance.close()));
    await database?.drop();
  });

  it('both start: no migration fails, and each migration is recorded once', async () => {
    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(['started', 'started']);
    for (const [service, folder] of [
      ['telemetry', path.join(ROOT, 'libs', 'common', 'migrations', 'telemetry')],
      ['organisation', migrationsFolderOf('organisation')],
    ] as const) {
      const tags = journalTags(folder);
      expect(tags.length).toBeGreaterThan(0);
      const rows = await client.query<{ n: string; hashes: string }>(
        `SELECT count(*) AS n, count(DISTINCT hash) AS hashes FROM drizzle."${service}_migrations"`,
      );
      expect(rows.rows[0]).toEqual({ n: String(tags.length), hashes: String(tags.length) });
    }
  });

  it('seeds one questionnaire', async () => {
    expect(await count('SELECT count(*) AS n FROM organisation.content_seeds WHERE key = $1', [PLATFORM_QUESTIONNAIRE_SEED_KEY])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM organisation.question_groups')).toBe(16);
    expect(await count('SELECT count(*) AS n FROM organisation.questions')).toBe(104);
  });

  it('creates one administrator', async () => {
    expect(
      await count("SELECT count(*) AS n FROM organisation.accounts WHERE lower(email_address) = 'admin@teamfit.local' AND is_admin"),
    ).toBe(1);
    expect(await count('SELECT count(*) AS n FROM organisation.accounts')).toBe(1);
  });

  it('runs one retention pass at start; the other instance finds it done or running', async () => {
    const outcomes = await Promise.all(instances().map((instance) => instance.app.get(TelemetryRetentionJob).startupPass));
    expect(outcomes).toHaveLength(2);
    expect(outcomes).toContainEqual({ outcome: 'ran', monthsDropped: 0, bodiesReduced: 0 });
    expect(outcomes.filter((outcome) => outcome?.outcome === 'ran')).toHaveLength(1);
    expect(await count('SELECT count(*) AS n FROM telemetry.retention_passes')).toBe(1);
    // Looked for again the same day, by either instance: not due.
    for (const instance of instances()) expect(await instance.app.get(TelemetryRetentionJob).run()).toEqual({ outcome: 'not-due' });
  });

  it('skips a due pass in one instance while the other is running it, rather than racing it', async () => {
    const [first, second] = instances();
    if (!first || !second) throw new Error('both instances must have started');
    // A month past the retention, a day later, in the log (its partition, as the writer makes it).
    await client.query('SELECT telemetry.ensure_month_partition($1)', [new Date(TODAY.getTime() - 500 * DAY_MS)]);
    const partition = (
      await client.query<{ name: string }>(
        "SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'telemetry.api_calls'::regclass",
      )
    ).rows[0]?.name;
    expect(partition).toMatch(/^api_calls_\d{4}_\d{2}$/);
    now = new Date(TODAY.getTime() + DAY_MS);

    // Someone reading the old month holds its pass up: the first instance's DROP waits on it.
    const reader = new Client({ connectionString: database.url });
    await reader.connect();
    try {
      await reader.query('BEGIN');
      await reader.query(`LOCK TABLE telemetry.${partition} IN ACCESS SHARE MODE`);
      const running = first.app.get(TelemetryRetentionJob).run();
      await waitForLockWaiter();
      const skipped = await Promise.race([second.app.get(TelemetryRetentionJob).run(), sleep(3_000, 'still waiting' as const)]);
      expect(skipped).toEqual({ outcome: 'busy' });
      await reader.query('COMMIT');
      expect(await running).toEqual({ outcome: 'ran', monthsDropped: 1, bodiesReduced: 0 });
    } finally {
      await reader.query('ROLLBACK').catch(() => undefined);
      await reader.end();
    }
    expect(await count('SELECT count(*) AS n FROM telemetry.retention_passes')).toBe(2);
    expect(await second.app.get(TelemetryRetentionJob).run()).toEqual({ outcome: 'not-due' });
  });

  /** Until a session of the services waits for a lock (the pass's DROP TABLE behind the reader). */
  async function waitForLockWaiter(): Promise<void> {
    for (let waited = 0; waited < 5_000; waited += 20) {
      if (
        (await count(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'organisation' AND wait_event_type = 'Lock'",
        )) > 0
      )
        return;
      await sleep(20);
    }
    throw new Error('the retention pass never waited for the reader');
  }
});
