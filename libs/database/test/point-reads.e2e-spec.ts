import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Client, type Pool } from 'pg';
import { isDatabaseUnavailable } from '../src/database-unavailable';
import { createPool } from '../src/database.module';
import { SharedPipeline } from '../src/pipelined-statements';
import { POINT_READ_LOCK_TIMEOUT_MS, PointReads } from '../src/point-reads';
import { createTestDatabase, type TestDatabase } from '../src/testing';

const PID = { name: 'pipeline_test_pid', text: 'SELECT pg_backend_pid() AS pid, pg_sleep($1::float8 / 1000) AS slept' };
const pidOf = (result: { rows: Array<{ pid: number }> }): number => result.rows[0]?.pid ?? -1;

/** Point reads share one pipelined, read-only connection; the pool serves everything else, named or not. */
describe('point reads', () => {
  let database: TestDatabase;
  let pool: Pool;
  let reads: PointReads;
  let observer: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, 'point-reads-test');
    reads = new PointReads(pool, { connectionString: database.url, application_name: 'point-reads-test' }, 'point-reads-test');
    observer = new Client({ connectionString: database.url });
    await observer.connect();
    await observer.query('CREATE TABLE point_read_rows (id int PRIMARY KEY, label text)');
    await observer.query("INSERT INTO point_read_rows VALUES (1, 'one'), (2, 'two')");
  });

  afterAll(async () => {
    await observer?.end();
    await reads?.end();
    await pool?.end();
    await database?.drop();
  });

  it('sends concurrent point reads down one connection, while the pool keeps its statements, named ones too', async () => {
    const shared = await Promise.all(Array.from({ length: 8 }, (_, index) => reads.query<{ pid: number }>(PID, [index === 0 ? 50 : 0])));
    expect(new Set(shared.map(pidOf)).size).toBe(1);
    // Eight named statements that each sleep, on the pool: at once, they need several of its connections.
    const pooled = await Promise.all(Array.from({ length: 8 }, () => pool.query<{ pid: number }>({ ...PID, values: [50] })));
    expect(new Set(pooled.map(pidOf)).size).toBeGreaterThan(1);
    expect(pooled.map(pidOf)).not.toContain(pidOf(shared[0] as { rows: Array<{ pid: number }> }));
  });

  it('reads through drizzle, and fails only the statement that fails', async () => {
    const rows = await reads.db
      .select({ n: sql<number>`1` })
      .from(sql`point_read_rows`)
      .prepare('point_read_test_one')
      .execute();
    expect(rows).toEqual([{ n: 1 }, { n: 1 }]);
    const divide = { name: 'point_read_test_divide', text: 'SELECT 10 / $1::int AS quotient' };
    const outcomes = await Promise.allSettled([1, 0, 5].map((divisor) => reads.query<{ quotient: number }>(divide, [divisor])));
    expect(
      outcomes.map((outcome) =>
        outcome.status === 'fulfilled' ? outcome.value.rows[0]?.quotient : (outcome.reason as { code?: string }).code,
      ),
    ).toEqual([10, '22012', 2]);
  });

  it('takes nothing but a plain SELECT: no write, no row lock, no transaction', async () => {
    // Refused by PostgreSQL itself: the session is read-only (25006).
    await expect(reads.query({ text: 'SELECT id FROM point_read_rows WHERE id = 1 FOR UPDATE' })).rejects.toMatchObject({ code: '25006' });
    await expect(reads.query({ text: 'SELECT id FROM point_read_rows WHERE id = 1 FOR SHARE' })).rejects.toMatchObject({ code: '25006' });
    await expect(reads.query({ text: 'WITH gone AS (DELETE FROM point_read_rows RETURNING id) SELECT id FROM gone' })).rejects.toThrow();
    // Refused before it is sent.
    await expect(reads.query({ text: 'BEGIN' })).rejects.toThrow('plain SELECT');
    await expect(reads.query({ text: 'UPDATE point_read_rows SET label = label' })).rejects.toThrow('plain SELECT');
    expect((await observer.query('SELECT count(*)::int AS n FROM point_read_rows')).rows).toEqual([{ n: 2 }]);
  });

  it('is not held up by a row lock, and leaves the shared connection to wait for a table lock on the pool', async () => {
    const label = { name: 'point_read_test_label', text: 'SELECT label FROM point_read_rows WHERE id = $1::int' };
    await observer.query('BEGIN');
    try {
      await observer.query('SELECT id FROM point_read_rows WHERE id = 1 FOR UPDATE');
      expect((await reads.query<{ label: string }>(label, [1])).rows).toEqual([{ label: 'one' }]);
      // DDL's ACCESS EXCLUSIVE lock: the read waits, but on a pool connection, not the shared one.
      await observer.query('LOCK TABLE point_read_rows IN ACCESS EXCLUSIVE MODE');
      const waiting = reads.query<{ label: string }>(label, [2]);
      await new Promise((resolve) => setTimeout(resolve, POINT_READ_LOCK_TIMEOUT_MS * 3));
      // Answered while the table lock is still held: a read queued behind the waiting one would only
      // be answered after the COMMIT below, so it is given up after two seconds instead.
      const other = reads.query<{ n: number }>({ name: 'point_read_test_n', text: 'SELECT 1 AS n' }).then((result) => result.rows);
      const stalled = new Promise((resolve) => setTimeout(resolve, 2_000, 'stalled behind the lock'));
      expect(await Promise.race([other, stalled])).toEqual([{ n: 1 }]);
      await observer.query('COMMIT');
      expect((await waiting).rows).toEqual([{ label: 'two' }]);
    } finally {
      await observer.query('ROLLBACK').catch(() => undefined);
    }
  });

  it('answers a lost connection as unavailable, and opens a new one for the next statement', async () => {
    const before = pidOf(await reads.query<{ pid: number }>(PID, [0]));
    const running = reads.query(PID, [2_000]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await observer.query('SELECT pg_terminate_backend($1)', [before]);
    const failure: unknown = await running.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const after = pidOf(await reads.query<{ pid: number }>(PID, [0]));
    expect(after).not.toBe(before);
    expect(after).toBeGreaterThan(0);
  });

  it('keeps a transaction of the pool on a connection of its own', async () => {
    const db = drizzle({ client: pool });
    const shared = pidOf(await reads.query<{ pid: number }>(PID, [0]));
    const inTransaction = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
      return rows[0]?.pid;
    });
    expect(inTransaction).not.toBe(shared);
  });

  it('closes its connection once idle, and opens one again when needed', async () => {
    const pipeline = new SharedPipeline(
      { connectionString: database.url, application_name: 'pipeline-idle-test' },
      'pipeline-idle-test',
      200,
    );
    const connections = async () =>
      (await observer.query<{ count: string }>("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'pipeline-idle-test'"))
        .rows[0]?.count;
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

  it('refuses statements once ended', async () => {
    const ended = new PointReads(pool, { connectionString: database.url }, 'point-reads-ended-test');
    await ended.end();
    await expect(ended.query(PID, [0])).rejects.toThrow('not queryable');
  });
});
