import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { Client } from 'pg';
import { organisationAppModule } from '../src/organisation-app.module';
import { TelemetryRetentionJob } from '../src/statistics/telemetry-retention.job';

const TODAY = new Date('2026-06-15T12:00:00Z');
const DAY_MS = 86_400_000;
const daysBefore = (days: number): Date => new Date(TODAY.getTime() - days * DAY_MS);

/** A body as a hub form might send it: personal values at every depth and of every JSON type. */
const PERSONAL_BODY = {
  emailAddress: 'ada@example.test',
  user: { firstName: 'Ada', lastName: 'Lovelace', age: 36, admin: true, note: null, tags: ['analyst', 'engine'] },
  answers: [{ questionId: 7, value: 4 }],
};
const PERSONAL_SHAPE = {
  emailAddress: 'string',
  user: { firstName: 'string', lastName: 'string', age: 'number', admin: 'boolean', note: 'null', tags: ['string', 'string'] },
  answers: [{ questionId: 'number', value: 'number' }],
};

/**
 * The API-call log keeps entries 400 days, but their stored bodies only REQUEST_LOG_BODY_DAYS
 * (here 30): the organisation's daily retention pass reduces older bodies to their shape, once
 * each, and leaves younger bodies, bodiless entries and everything else of an entry as it was.
 */
describe('API-call log bodies past REQUEST_LOG_BODY_DAYS are reduced to their shape', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let client: Client;
  let organisation: RunningTestService;
  let now = TODAY;

  const insertCall = async (url: string, startTime: Date, body: unknown): Promise<void> => {
    await client.query('SELECT telemetry.ensure_month_partition($1)', [startTime]);
    await client.query(
      `INSERT INTO telemetry.api_calls (service, start_time, end_time, processing_time, method, url, http_version, status_code, caller_app, device_type, raw_headers, body, params, query)
       VALUES ('organisation', $1, $1, 1, 'POST', $2, '1.1', 201, 'hub', 'desktop', '[]', $3, '{}', '{"source":"hub"}')`,
      [startTime, url, body === undefined ? null : JSON.stringify(body)],
    );
  };
  const bodyOf = async (url: string): Promise<unknown> =>
    (await client.query<{ body: unknown }>('SELECT body FROM telemetry.api_calls WHERE url = $1', [url])).rows[0]?.body;
  const job = (): TelemetryRetentionJob => organisation.app.get(TelemetryRetentionJob);

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    // Logged before the service (and its pass at start) runs, as a log that has grown for months.
    await insertCall('/old-object', daysBefore(45), PERSONAL_BODY);
    await insertCall('/old-array', daysBefore(31), [1, 'two', false, { three: 3 }]);
    await insertCall('/old-no-body', daysBefore(40), undefined);
    await insertCall('/old-type-names', daysBefore(40), { kind: 'number', text: 'null words' });
    await insertCall('/edge', new Date(daysBefore(29).getTime() - DAY_MS / 2), PERSONAL_BODY);
    await insertCall('/recent', daysBefore(2), PERSONAL_BODY);
    organisation = await startTestService('organisation', (config) => organisationAppModule(config, { now: () => now }), {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { REQUEST_LOG_BODY_DAYS: '30' },
    });
  });

  afterAll(async () => {
    await client?.end();
    await organisation?.close();
    await database?.drop();
  });

  it('the pass at start reduces every body older than 30 days to its keys and value types', async () => {
    expect(await job().startupPass).toEqual({ outcome: 'ran', monthsDropped: 0, bodiesReduced: 3 });
    expect(await bodyOf('/old-object')).toEqual(PERSONAL_SHAPE);
    expect(await bodyOf('/old-array')).toEqual(['number', 'string', 'boolean', { three: 'number' }]);
    // A string that names a type is its own shape: what reducing twice must leave alone.
    expect(await bodyOf('/old-type-names')).toEqual({ kind: 'number', text: 'string' });
    expect(await bodyOf('/old-no-body')).toBeNull();
    // The rest of an entry stays: it is the 400-day record of the call.
    const [entry] = (
      await client.query<{ url: string; query: unknown; status_code: number }>(
        "SELECT url, query, status_code FROM telemetry.api_calls WHERE url = '/old-object'",
      )
    ).rows;
    expect(entry).toEqual({ url: '/old-object', query: { source: 'hub' }, status_code: 201 });
  });

  it('leaves bodies younger than the window whole', async () => {
    expect(await bodyOf('/edge')).toEqual(PERSONAL_BODY);
    expect(await bodyOf('/recent')).toEqual(PERSONAL_BODY);
  });

  it('a day later, reduces only what has come of age since, and records what each pass did', async () => {
    expect(await job().run()).toEqual({ outcome: 'not-due' });
    now = new Date(TODAY.getTime() + DAY_MS);
    expect(await job().run()).toEqual({ outcome: 'ran', monthsDropped: 0, bodiesReduced: 1 });
    expect(await bodyOf('/edge')).toEqual(PERSONAL_SHAPE);
    expect(await bodyOf('/recent')).toEqual(PERSONAL_BODY);
    const passes = await client.query<{ body_cutoff: Date; bodies_reduced: number }>(
      'SELECT body_cutoff, bodies_reduced FROM telemetry.retention_passes ORDER BY ran_at',
    );
    expect(passes.rows).toEqual([
      { body_cutoff: daysBefore(30), bodies_reduced: 3 },
      { body_cutoff: daysBefore(29), bodies_reduced: 1 },
    ]);
  });

  it('runs are idempotent: later passes rewrite no reduced body, and reducing a shape again changes nothing', async () => {
    const before = (
      await client.query<{ url: string; body: string | null }>('SELECT url, body::text AS body FROM telemetry.api_calls ORDER BY url')
    ).rows;
    now = new Date(TODAY.getTime() + 2 * DAY_MS);
    expect(await job().run()).toEqual({ outcome: 'ran', monthsDropped: 0, bodiesReduced: 0 });
    expect((await client.query('SELECT url, body::text AS body FROM telemetry.api_calls ORDER BY url')).rows).toEqual(before);
    // Even without the record of earlier passes (all of them forgotten), a pass changes no shape.
    await client.query('DELETE FROM telemetry.retention_passes');
    now = new Date(TODAY.getTime() + 3 * DAY_MS);
    expect(await job().run()).toEqual({ outcome: 'ran', monthsDropped: 0, bodiesReduced: 4 });
    const after = (
      await client.query<{ url: string; body: unknown }>(
        "SELECT url, body FROM telemetry.api_calls WHERE url <> '/recent' AND body IS NOT NULL ORDER BY url",
      )
    ).rows;
    expect(after).toEqual([
      { url: '/edge', body: PERSONAL_SHAPE },
      { url: '/old-array', body: ['number', 'string', 'boolean', { three: 'number' }] },
      { url: '/old-object', body: PERSONAL_SHAPE },
      { url: '/old-type-names', body: { kind: 'number', text: 'string' } },
    ]);
  });
});
