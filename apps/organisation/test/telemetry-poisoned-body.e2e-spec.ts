import { RequestLogWriter } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { Client } from 'pg';
import { organisationAppModule } from '../src/organisation-app.module';
import { TelemetryRetentionJob } from '../src/statistics/telemetry-retention.job';

const DAY_MS = 86_400_000;

/**
 * A body that JSON carries but PostgreSQL's jsonb does not (a lone UTF-16 surrogate), sent by
 * anyone, even without a token: the log stores it in a form the retention pass can still reduce,
 * so one request cannot stop bodies from ever being reduced again.
 */
describe('API-call log retention cannot be poisoned by a body', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let client: Client;
  let organisation: RunningTestService;
  let now = new Date();

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    organisation = await startTestService('organisation', (config) => organisationAppModule(config, { now: () => now }), {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { REQUEST_LOG_BODY_DAYS: '30' },
    });
    await organisation.app.get(TelemetryRetentionJob).startupPass;
  });

  afterAll(async () => {
    await client?.end();
    await organisation?.close();
    await database?.drop();
  });

  it('stores a lone surrogate as U+FFFD, and the pass past the body window reduces it', async () => {
    const response = await fetch(`${organisation.url}/question`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"\\ud800","n\\udc00":"ok"}',
    });
    expect(response.status).toBe(401);
    await organisation.app.get(RequestLogWriter).flush();
    const stored = await client.query<{ body: unknown; castable: boolean }>(
      "SELECT body, body::jsonb IS NOT NULL AS castable FROM telemetry.api_calls WHERE url = '/question'",
    );
    expect(stored.rows).toEqual([{ body: { name: '\uFFFD', 'n\uFFFD': 'ok' }, castable: true }]);

    now = new Date(Date.now() + 31 * DAY_MS);
    expect(await organisation.app.get(TelemetryRetentionJob).run()).toEqual({ outcome: 'ran', monthsDropped: 0, bodiesReduced: 1 });
    const reduced = await client.query<{ body: unknown }>("SELECT body FROM telemetry.api_calls WHERE url = '/question'");
    expect(reduced.rows).toEqual([{ body: { name: 'string', 'n\uFFFD': 'string' } }]);
  });
});
