import type { Pool, PoolClient } from 'pg';

/**
 * Reads that all see one consistent state of the database, however long they take: a single
 * REPEATABLE READ, READ ONLY transaction. Large results come a batch at a time from a server-side
 * cursor, so a reader holds one batch in memory, never the whole result.
 */
export interface ReadSnapshot {
  rows<T extends object>(text: string, values?: readonly unknown[]): Promise<T[]>;
  /** The rows of `text` in batches of at most `size`, in the query's order. */
  batches<T extends object>(text: string, values: readonly unknown[], size: number): AsyncGenerator<T[], void, undefined>;
}

export interface ReadSnapshotOptions {
  /**
   * The snapshot is given up (the server ends its session) when no statement has run for this
   * long: a reader that stops asking (a client that stopped reading a stream) cannot hold a
   * connection and an old snapshot open indefinitely.
   */
  idleTimeoutMs: number;
}

/** A snapshot on a connection of the pool, held until `close()`. */
export class PooledReadSnapshot implements ReadSnapshot {
  private cursors = 0;
  private closed = false;

  private constructor(private readonly client: PoolClient) {}

  static async open(pool: Pool, options: ReadSnapshotOptions): Promise<PooledReadSnapshot> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await client.query(`SET LOCAL idle_in_transaction_session_timeout = ${Math.max(1, Math.round(options.idleTimeoutMs))}`);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    return new PooledReadSnapshot(client);
  }

  async rows<T extends object>(text: string, values: readonly unknown[] = []): Promise<T[]> {
    return (await this.client.query<T>(text, [...values])).rows;
  }

  async *batches<T extends object>(text: string, values: readonly unknown[], size: number): AsyncGenerator<T[], void, undefined> {
    const cursor = `snapshot_cursor_${++this.cursors}`;
    await this.client.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${text}`, [...values]);
    try {
      for (;;) {
        const batch = (await this.client.query<T>(`FETCH FORWARD ${Math.max(1, Math.floor(size))} FROM ${cursor}`)).rows;
        if (batch.length > 0) yield batch;
        if (batch.length < size) return;
      }
    } finally {
      // A reader that stops early (an error, a client gone) leaves the cursor to the transaction's end.
      if (!this.closed) await this.client.query(`CLOSE ${cursor}`).catch(() => undefined);
    }
  }

  /** Ends the transaction and hands the connection back; a connection that failed is dropped. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.client.query('ROLLBACK');
      this.client.release();
    } catch (error) {
      this.client.release(error as Error);
    }
  }
}
