import { type ApiCallEntry, RequestLogWriter } from '@teamfit/common';
import { apiCallEntry } from '@teamfit/common/testing';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Pool } from 'pg';

const DAY = '2026-06-15';

const call = (callerApp: string, deviceType: ApiCallEntry['deviceType']): ApiCallEntry =>
  apiCallEntry(new Date(`${DAY}T10:00:00Z`), callerApp, deviceType);

/**
 * Writers of several services and instances add to the same per-day counters at the same time.
 * Here two batches hold the same two counters in opposite orders of arrival, and a third session
 * makes them overlap: if each upserted in its own order, each would hold one counter and wait for
 * the other's, PostgreSQL would abort one batch, and its entries would be lost.
 */
describe('the API-call log written by several instances at once', () => {
  let database: TestDatabase;
  const pools: Pool[] = [];
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await Promise.all(pools.map((pool) => pool.end()));
    await database?.drop();
  });

  const writer = (name: string): RequestLogWriter => {
    const pool = new Pool({ connectionString: database.url, max: 2, application_name: name });
    pools.push(pool);
    return new RequestLogWriter(pool);
  };

  /** Until the writer's batch waits for a row lock. */
  async function waitingForLock(name: string): Promise<void> {
    for (let waited = 0; waited < 5_000; waited += 20) {
      const rows = await client.query("SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'", [name]);
      if (rows.rowCount) return;
      await sleep(20);
    }
    throw new Error(`${name} never waited for a lock`);
  }

  it('adds every batch to the shared counters, none lost to a deadlock', async () => {
    const first = writer('log-writer-a');
    const second = writer('log-writer-b');
    // The counters exist (earlier batches), and the month's partition too.
    first.record(call('admin', 'desktop'));
    first.record(call('hub', 'mobile'));
    await first.flush();

    const blocker = new Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query("SELECT calls FROM telemetry.api_call_days WHERE day = $1 AND caller_app = 'admin' FOR UPDATE", [DAY]);
      first.record(call('admin', 'desktop'));
      first.record(call('hub', 'mobile'));
      const firstFlush = first.flush();
      await waitingForLock('log-writer-a');
      second.record(call('hub', 'mobile'));
      second.record(call('admin', 'desktop'));
      const secondFlush = second.flush();
      await waitingForLock('log-writer-b');
      await blocker.query('COMMIT');
      await Promise.all([firstFlush, secondFlush]);
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }

    expect([first.droppedCount, second.droppedCount]).toEqual([0, 0]);
    const counters = await client.query<{ caller_app: string; calls: string }>(
      'SELECT caller_app, calls::text FROM telemetry.api_call_days ORDER BY caller_app',
    );
    expect(counters.rows).toEqual([
      { caller_app: 'admin', calls: '3' },
      { caller_app: 'hub', calls: '3' },
    ]);
    expect((await client.query('SELECT 1 FROM telemetry.api_calls')).rowCount).toBe(6);
  });
});
