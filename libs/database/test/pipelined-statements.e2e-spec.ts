import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Socket } from 'node:net';
import { Client, type Pool } from 'pg';
import { isDatabaseUnavailable } from '../src/database-unavailable';
import { createPool } from '../src/database.module';
import { SharedPipeline } from '../src/pipelined-statements';
import { createTestDatabase, type TestDatabase } from '../src/testing';

const PID = { name: 'pipeline_test_pid', text: 'SELECT pg_backend_pid() AS pid, pg_sleep($1::float8 / 1000) AS slept' };
const pidOf = (result: { rows: Array<{ pid: number }> }): number => result.rows[0]?.pid ?? -1;

/** The named statements of a service's pool share one pipelined connection; the rest is the pool's. */
describe('pipelined named statements', () => {
  let database: TestDatabase;
  let pool: Pool;
  let observer: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, 'pipeline-test');
    observer = new Client({ connectionString: database.url });
    await observer.connect();
  });

  afterAll(async () => {
    await observer?.end();
    await pool?.end();
    await database?.drop();
  });

  it('sends concurrent named statements down one connection, in order, while unnamed ones take pool connections', async () => {
    const named = await Promise.all(Array.from({ length: 8 }, (_, index) => pool.query<{ pid: number }>(PID, [index === 0 ? 50 : 0])));
    expect(new Set(named.map(pidOf)).size).toBe(1);
    // Eight unnamed statements that each sleep: at once, they need several pool connections.
    const unnamed = await Promise.all(Array.from({ length: 8 }, () => pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)')));
    expect(new Set(unnamed.map(pidOf)).size).toBeGreaterThan(1);
    expect(unnamed.map(pidOf)).not.toContain(pidOf(named[0] as { rows: Array<{ pid: number }> }));
  });

  it('fails only the statement that fails: the ones before and after it on the connection answer', async () => {
    const divide = { name: 'pipeline_test_divide', text: 'SELECT 10 / $1::int AS quotient' };
    const outcomes = await Promise.allSettled([1, 0, 5].map((divisor) => pool.query<{ quotient: number }>(divide, [divisor])));
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.rows[0]?.quotient : (outcome.reason as { code?: string }).code))).toEqual([10, '22012', 2]);
  });

  it('keeps a transaction on a connection of its own', async () => {
    const db = drizzle({ client: pool });
    const shared = pidOf(await pool.query<{ pid: number }>(PID, [0]));
    const inTransaction = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
      return rows[0]?.pid;
    });
    expect(inTransaction).not.toBe(shared);
  });

  it('answers a lost connection as unavailable, and opens a new one for the next statement', async () => {
    const before = pidOf(await pool.query<{ pid: number }>(PID, [0]));
    const running = pool.query(PID, [2_000]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await observer.query('SELECT pg_terminate_backend($1)', [before]);
    const failure: unknown = await running.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const after = pidOf(await pool.query<{ pid: number }>(PID, [0]));
    expect(after).not.toBe(before);
    expect(after).toBeGreaterThan(0);
  });

  it('closes its connection once idle, and opens one again when needed', async () => {
    const pipeline = new SharedPipeline({ connectionString: database.url, application_name: 'pipeline-idle-test' }, 'pipeline-idle-test', 200);
    const connections = async () => (await observer.query<{ count: string }>("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'pipeline-idle-test'")).rows[0]?.count;
    try {
      await pipeline.query(PID, [0]);
      expect(await connections()).toBe('1');
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await connections()).toBe('0');
      expect((await pipeline.query<{ pid: number }>(PID, [0])).rows).toHaveLength(1);
    } finally {
      await pipeline.end();
    }
  });

  it('writes the statements of one turn of the event loop to the socket at once, and each still gets its own answer', async () => {
    const pipeline = new SharedPipeline({ connectionString: database.url }, 'pipeline-write-test');
    try {
      await pipeline.query(PID, [0]); // connected, the statement parsed
      const writev = jest.spyOn(Socket.prototype, '_writev');
      const write = jest.spyOn(Socket.prototype, '_write');
      const answers = await Promise.all([1, 2, 3, 4, 5].map((value) => pipeline.query<{ value: number }>({ name: 'pipeline_test_echo', text: 'SELECT $1::int AS value' }, [value])));
      const flushes = writev.mock.calls.length + write.mock.calls.length;
      writev.mockRestore();
      write.mockRestore();
      expect(answers.map((answer) => answer.rows[0]?.value)).toEqual([1, 2, 3, 4, 5]);
      expect(flushes).toBe(1);
    } finally {
      await pipeline.end();
    }
  });

  it('refuses statements once ended', async () => {
    const pipeline = new SharedPipeline({ connectionString: database.url }, 'pipeline-ended-test');
    await pipeline.end();
    await expect(pipeline.query(PID, [0])).rejects.toThrow('not queryable');
  });
});
