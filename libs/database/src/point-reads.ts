import { Inject } from '@nestjs/common';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { ClientConfig, Pool, QueryConfig, QueryResult, QueryResultRow } from 'pg';
import type { Database } from './database.module';
import { SharedPipeline } from './pipelined-statements';

export const POINT_READS = Symbol('POINT_READS');

/**
 * Injects the service's {@link PointReads}: for plain point reads of the primary on a hot path,
 * nothing else. Everything else (writes, `FOR UPDATE`, transactions, lists) uses `InjectDatabase()`.
 */
export const InjectPointReads = (): ParameterDecorator => Inject(POINT_READS);

/**
 * How long a point read waits for a table lock on the shared connection before it leaves it for
 * a pool connection. A plain SELECT waits only for an ACCESS EXCLUSIVE lock (DDL, a migration,
 * VACUUM FULL), never for rows, so ordinary traffic never reaches it; it bounds how long a DDL
 * statement holds up the reads queued behind. Tuning, reversible.
 */
export const POINT_READ_LOCK_TIMEOUT_MS = 50;

/** SQLSTATE lock_not_available: the lock timeout ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

/** What a point read may be built from: a select builder, nothing that writes or opens a transaction. */
export type PointReadDatabase = Pick<Database, 'select'>;

/**
 * Plain point reads (a row by its key) of the primary, down one {@link SharedPipeline} shared by
 * every request of the process: many concurrent reads cost one connection and one server process.
 * A statement on a shared connection that waits holds up every one behind it, so only statements
 * that cannot wait on a row lock come here, and the session enforces it: it is read-only
 * (`default_transaction_read_only`: PostgreSQL refuses writes and `FOR UPDATE`/`FOR SHARE` on it),
 * takes nothing but a SELECT (no `BEGIN`: no transaction), and gives up on a table lock after
 * {@link POINT_READ_LOCK_TIMEOUT_MS}, the read then running again on a pool connection where its
 * wait holds up nobody else.
 */
export class PointReads {
  readonly db: PointReadDatabase;
  private readonly pipeline: SharedPipeline;

  constructor(
    private readonly pool: Pool,
    config: ClientConfig,
    label: string,
  ) {
    this.pipeline = new SharedPipeline(
      { ...config, options: `-c default_transaction_read_only=on -c lock_timeout=${POINT_READ_LOCK_TIMEOUT_MS}` },
      label,
    );
    // drizzle runs its statements through `client.query(config, values)`: this one is all it gets.
    const client = { query: (statement: QueryConfig, values?: unknown[]) => this.query(statement, values) };
    this.db = drizzle({ client: client as unknown as Pool });
  }

  async query<Row extends QueryResultRow>(statement: QueryConfig, values?: unknown[]): Promise<QueryResult<Row>> {
    if (!/^\s*select\s/i.test(statement.text)) throw new Error(`a point read is a plain SELECT, not: ${statement.text.slice(0, 40)}`);
    try {
      return await this.pipeline.query<Row>(statement, values);
    } catch (error) {
      if ((error as { code?: unknown }).code !== LOCK_NOT_AVAILABLE) throw error;
      return this.pool.query<Row>(values === undefined ? statement : { ...statement, values });
    }
  }

  /** Closes the shared connection (the service's shutdown). */
  async end(): Promise<void> {
    await this.pipeline.end();
  }
}
