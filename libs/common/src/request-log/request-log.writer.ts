import { Logger } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ApiCallEntry } from './api-call-entry';
import { type CopyFieldKind, copyRows } from './copy-rows';

export interface RequestLogWriterOptions {
  /** Entries waiting at most; past it new entries are dropped and counted. */
  maxBuffered?: number;
  batchSize?: number;
  flushIntervalMs?: number;
}

/** Each entry's fields in the order of BATCH_COPY's columns. */
const RECORD_FIELDS: ReadonlyArray<readonly [field: keyof ApiCallEntry, kind: CopyFieldKind, column: string]> = [
  ['service', 'text', 'service'],
  ['startTime', 'timestamptz', 'start_time'],
  ['endTime', 'timestamptz', 'end_time'],
  ['processingTime', 'number', 'processing_time'],
  ['method', 'text', 'method'],
  ['url', 'text', 'url'],
  ['httpVersion', 'text', 'http_version'],
  ['statusCode', 'number', 'status_code'],
  ['remoteAddress', 'text', 'remote_address'],
  ['remoteFamily', 'text', 'remote_family'],
  ['callerApp', 'text', 'caller_app'],
  ['deviceType', 'text', 'device_type'],
  ['rawHeaders', 'json', 'raw_headers'],
  ['body', 'json', 'body'],
  ['params', 'json', 'params'],
  ['query', 'json', 'query'],
  ['callerKind', 'text', 'caller_kind'],
  ['callerId', 'text', 'caller_id'],
];

/** Into the parent table: PostgreSQL routes each row to its month's partition. */
const BATCH_COPY = `COPY telemetry.api_calls (${RECORD_FIELDS.map(([, , column]) => column).join(', ')}) FROM STDIN`;

/** Resolves once PostgreSQL has taken the whole COPY (or rejects with its error). */
function copyIn(client: PoolClient, statement: string, rows: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const stream = client.query(copyFrom(statement));
    stream.once('finish', resolve);
    stream.once('error', reject);
    stream.end(rows);
  });
}

const monthKey = (date: Date): string => date.toISOString().slice(0, 7);
const dayKey = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Writes API-call entries in batches, off the request path. A request only appends to a bounded
 * buffer; a timer writes batches (raw rows and the per-day rollup in one transaction). When the
 * database fails, the batch is dropped and counted: logging never slows or breaks a request.
 * With many instances each writes only what it recorded; a new month's partition is created once
 * (`telemetry.ensure_month_partition` takes a transaction advisory lock and creates it only if
 * still missing), and the rollup's counters are added to with ON CONFLICT, never overwritten.
 */
export class RequestLogWriter {
  private readonly logger = new Logger('RequestLog');
  private readonly buffer: ApiCallEntry[] = [];
  private readonly maxBuffered: number;
  private readonly batchSize: number;
  private readonly knownMonths = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private dropped = 0;
  private reportedDropped = 0;
  private lastError: unknown;

  constructor(
    private readonly pool: Pool,
    private readonly options: RequestLogWriterOptions = {},
  ) {
    this.maxBuffered = options.maxBuffered ?? 10_000;
    this.batchSize = options.batchSize ?? 500;
  }

  get droppedCount(): number {
    return this.dropped;
  }

  get bufferedCount(): number {
    return this.buffer.length;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushIntervalMs ?? 1_000);
    this.timer.unref();
  }

  record(entry: ApiCallEntry): void {
    if (this.buffer.length >= this.maxBuffered) {
      this.dropped += 1;
      return;
    }
    this.buffer.push(entry);
    if (this.buffer.length >= this.batchSize) void this.flush();
  }

  /** Writes everything buffered so far; one flush runs at a time. */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.buffer.length === 0) return;
    // Assigned before the first await, cleared after the last: a flush that finds nothing to do
    // must not leave a settled promise behind that would swallow every later flush.
    const running = this.drain();
    this.flushing = running;
    try {
      await running;
    } finally {
      this.flushing = undefined;
      this.reportDrops();
    }
  }

  private async drain(): Promise<void> {
    while (this.buffer.length > 0) await this.writeBatch(this.buffer.splice(0, this.batchSize));
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async writeBatch(batch: ApiCallEntry[]): Promise<void> {
    let client;
    try {
      client = await this.pool.connect();
    } catch (error) {
      this.dropped += batch.length;
      this.lastError = error;
      return;
    }
    try {
      await client.query('BEGIN');
      for (const month of new Set(batch.map((entry) => monthKey(entry.startTime)))) {
        if (this.knownMonths.has(month)) continue;
        await client.query('SELECT telemetry.ensure_month_partition($1)', [`${month}-01T00:00:00Z`]);
        this.knownMonths.add(month);
      }
      // COPY rather than an INSERT: PostgreSQL's cheapest way in for many rows (docs/adr/0030-api-call-log-recording.md).
      await copyIn(client, BATCH_COPY, copyRows(batch, RECORD_FIELDS));

      const days = new Map<string, { day: string; callerApp: string; deviceType: string; calls: number }>();
      for (const entry of batch) {
        const key = `${dayKey(entry.startTime)}|${entry.callerApp}|${entry.deviceType}`;
        const current = days.get(key) ?? {
          day: dayKey(entry.startTime),
          callerApp: entry.callerApp,
          deviceType: entry.deviceType,
          calls: 0,
        };
        current.calls += 1;
        days.set(key, current);
      }
      // In one order for every writer: the five services, and any number of instances of each,
      // write batches at once, and two batches that upserted the same rows in opposite orders
      // would each hold a row the other waits for (PostgreSQL then aborts one: a batch lost).
      const rollup = [...days.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
      await client.query(
        `INSERT INTO telemetry.api_call_days (day, caller_app, device_type, calls)
         SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::bigint[])
         ON CONFLICT (day, caller_app, device_type) DO UPDATE SET calls = api_call_days.calls + EXCLUDED.calls`,
        [rollup.map((r) => r.day), rollup.map((r) => r.callerApp), rollup.map((r) => r.deviceType), rollup.map((r) => r.calls)],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      this.knownMonths.clear();
      this.dropped += batch.length;
      this.lastError = error;
    } finally {
      client.release();
    }
  }

  private reportDrops(): void {
    if (this.dropped === this.reportedDropped) return;
    const reason = this.lastError instanceof Error ? this.lastError.message : 'buffer full';
    this.logger.warn(`dropped ${this.dropped - this.reportedDropped} API-call log entries (${this.dropped} in all): ${reason}`);
    this.reportedDropped = this.dropped;
  }
}
