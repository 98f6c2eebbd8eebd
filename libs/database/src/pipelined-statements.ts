import { Logger } from '@nestjs/common';
import { Client, type ClientConfig, type QueryConfig, type QueryResult, type QueryResultRow } from 'pg';
import { isDatabaseUnavailable } from './database-unavailable';

/** An idle shared connection is closed after this long, as the pool closes its idle ones. */
export const PIPELINE_IDLE_MS = 10_000;

/**
 * One connection in node-postgres's pipeline mode, shared by every concurrent caller: a statement
 * is written at once, behind the ones still running, instead of waiting for a connection of its
 * own; PostgreSQL answers them in order, each with its own result or error (each ends with its
 * own Sync, so one failing fails nothing else). Under load many requests' statements share the
 * wake-ups of one connection where a pool spends a connection and a server process on each.
 *
 * Opened on first use and closed after {@link PIPELINE_IDLE_MS} without a statement. A lost
 * connection fails the statements on it (answered 503, as on a pool connection) and the next
 * statement opens a new one.
 *
 * The price: a statement that waits (for a lock) holds up every statement behind it. So nothing
 * may use it directly but {@link PointReads}, which sends only plain SELECTs that never wait on
 * a row lock, on a read-only session with a short lock timeout.
 */
export class SharedPipeline {
  private readonly logger: Logger;
  private client: Client | undefined;
  private running = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private ended = false;

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
