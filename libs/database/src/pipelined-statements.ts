import { Logger } from '@nestjs/common';
import type { Duplex } from 'node:stream';
import { Client, type ClientConfig, type Pool, type QueryConfig, type QueryResult, type QueryResultRow } from 'pg';
import { isDatabaseUnavailable } from './database-unavailable';

/** An idle shared connection is closed after this long, as the pool closes its idle ones. */
export const PIPELINE_IDLE_MS = 10_000;

/**
 * One connection in node-postgres's pipeline mode, shared by every concurrent caller: a statement
 * is written at once, behind the ones still running, instead of waiting for a connection of its
 * own; PostgreSQL answers them in order, each with its own result or error (each ends with its
 * own Sync, so one failing fails nothing else). Many requests' statements then cross in one write
 * and one wake-up each way, where a pool sends each on its own connection: on this machine a
 * read served with no framework went from about 4,000 to 6,000-7,000 a second, with a third less
 * CPU in Node and half in PostgreSQL (docs/decisions.md, "Pipelined statements").
 *
 * Opened on first use and closed after {@link PIPELINE_IDLE_MS} without a statement. A lost
 * connection fails the statements on it (answered 503, as on a pool connection) and the next
 * statement opens a new one.
 *
 * The price: a statement that waits (for a row another transaction has locked) holds up the ones
 * behind it until that transaction ends. So a transaction must run its statements on its own
 * connection (`tx`), never a named one on the pool: queued behind a statement waiting for the
 * transaction's own lock, it would wait forever. The services' transactions read through `tx`
 * already, for the pool's sake (a pool read inside a transaction deadlocks once every pool
 * connection is held by one).
 */
export class SharedPipeline {
  private readonly logger: Logger;
  private client: Client | undefined;
  private running = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private ended = false;
  /** The socket held corked until this turn of the event loop has written its statements. */
  private corked: Duplex | undefined;

  constructor(
    private readonly config: ClientConfig,
    label: string,
    private readonly idleMs = PIPELINE_IDLE_MS,
  ) {
    this.logger = new Logger(`Database:${label}`);
  }

  async query<Row extends QueryResultRow>(statement: QueryConfig, values?: unknown[]): Promise<QueryResult<Row>> {
    if (this.ended) throw new Error('Client was closed and is not queryable');
    const client = this.connection();
    this.writeWithThisTurn(client);
    this.running += 1;
    try {
      return await client.query<Row>(values === undefined ? statement : { ...statement, values });
    } catch (error) {
      // The statement may learn of a lost connection before the client's own events say so:
      // the next statement must not be written to it.
      if (isDatabaseUnavailable(error)) void this.drop(client);
      throw error;
    } finally {
      this.running -= 1;
      if (this.running === 0) this.closeWhenIdle();
    }
  }

  /**
   * node-postgres writes each statement with a system call of its own (it corks the socket around
   * one statement's messages only). Held corked until the event loop's check phase, the
   * statements of every request handled in this turn go out in one write, and PostgreSQL is woken
   * once for them: under load, dozens. A statement waits at most for the rest of the turn (the
   * requests that arrived with it); side by side, a read took a sixth less of the service's CPU
   * and a third less of PostgreSQL's (docs/decisions.md, "Pipelined statements").
   */
  private writeWithThisTurn(client: Client): void {
    const stream = client.connection.stream;
    if (this.corked === stream) return;
    stream.cork();
    this.corked = stream;
    setImmediate(() => {
      if (this.corked === stream) this.corked = undefined;
      stream.uncork();
    });
  }

  /** Closes the shared connection (the pool's end). */
  async end(): Promise<void> {
    this.ended = true;
    clearTimeout(this.idleTimer);
    await this.drop();
  }

  /** Closes `client` if it is still the shared connection; the next statement opens another. */
  private async drop(client = this.client): Promise<void> {
    if (!client || this.client !== client) return;
    this.client = undefined;
    await client.end().catch(() => undefined);
  }

  private connection(): Client {
    clearTimeout(this.idleTimer);
    if (this.client) return this.client;
    const client = new Client({ ...this.config, pipeline: true });
    const forget = () => {
      if (this.client === client) this.client = undefined;
    };
    client.on('error', (error) => {
      this.logger.warn(`database connection lost: ${error.message}`);
      forget();
    });
    client.on('end', forget);
    // Statements queued before the connection is up are written once it is, or fail with it.
    client.connect().catch(forget);
    this.client = client;
    return client;
  }

  /** Whichever connection is current then: the one these statements ran on may have been replaced. */
  private closeWhenIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.running === 0) void this.drop();
    }, this.idleMs);
    this.idleTimer.unref();
  }
}

function isNamedStatement(value: unknown): value is QueryConfig & { name: string } {
  return typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string' && !('submit' in value) && !('rows' in value);
}

/**
 * The pool's named statements (the prepared point reads and single-statement writes of the hot
 * paths) go down one {@link SharedPipeline}; everything else is as before: unnamed statements
 * (lists, statistics, migrations: some run long, and one would hold up every statement queued
 * behind it on a shared connection) use a pool connection each, and `connect()` (transactions,
 * snapshots, batches) hands one out.
 */
export function pipeliningNamedStatements(pool: Pool, config: ClientConfig, label: string): Pool {
  const pipeline = new SharedPipeline(config, label);
  const onPool = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const end = pool.end.bind(pool);
  const query = (...args: unknown[]): unknown => {
    const [statement, values, callback] = args;
    if (isNamedStatement(statement) && callback === undefined && (values === undefined || Array.isArray(values))) {
      return pipeline.query(statement, values);
    }
    return onPool(...args);
  };
  return Object.assign(pool, {
    query: query as Pool['query'],
    end: async () => {
      await pipeline.end();
      await end();
    },
  });
}
