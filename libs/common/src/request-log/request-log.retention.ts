import { type Database, withAdvisoryLockIfFree } from '@teamfit/database';
import { sql } from 'drizzle-orm';

const DAY_MS = 86_400_000;

/** Held by the instance running a pass; the others skip rather than queue behind it. */
const RETENTION_LOCK = 'telemetry.api_calls retention';

export interface RetentionWindows {
  /** Entries older than this go, a whole month at a time. */
  keepDays: number;
  /** Stored bodies older than this are reduced to their shape (keys and value types). */
  bodyDays: number;
  /** A pass is due this long after the last one, by whichever instance. */
  intervalMs: number;
}

export type RetentionOutcome =
  | { outcome: 'ran'; monthsDropped: number; bodiesReduced: number }
  /** The last pass, by whichever instance, is more recent than the interval. */
  | { outcome: 'not-due' }
  /** Another instance is running a pass right now. */
  | { outcome: 'busy' };

/**
 * Trims the API-call log: whole months older than the retention go (raw partitions and the
 * per-day rollup), and bodies older than the body window are reduced to their shape. Every
 * instance of the owning service looks for a due pass, so a pass is one transaction under a
 * try-lock that also reads and records the passes: an instance that finds the lock taken skips
 * (two passes would race on the same DROP TABLE, the second failing on a partition the first
 * dropped), and one that takes it after a pass has committed finds the pass recorded and does
 * nothing. One pass per interval, however many instances run.
 */
export class RequestLogRetention {
  constructor(private readonly db: Database) {}

  async passIfDue(now: Date, windows: RetentionWindows): Promise<RetentionOutcome> {
    const run = await withAdvisoryLockIfFree(this.db, RETENTION_LOCK, async (tx): Promise<RetentionOutcome> => {
      const since = new Date(now.getTime() - windows.intervalMs).toISOString();
      const [recent] = (
        await tx.execute<{ found: boolean }>(
          sql`SELECT EXISTS (SELECT 1 FROM telemetry.retention_passes WHERE ran_at > ${since}::timestamptz) AS found`,
        )
      ).rows;
      if (recent?.found) return { outcome: 'not-due' };
      const cutoff = new Date(now.getTime() - windows.keepDays * DAY_MS).toISOString();
      const [dropped] = (await tx.execute<{ months: number }>(sql`SELECT telemetry.drop_months_before(${cutoff}::timestamptz) AS months`))
        .rows;
      const monthsDropped = dropped?.months ?? 0;
      const bodyCutoff = new Date(now.getTime() - windows.bodyDays * DAY_MS).toISOString();
      const bodiesReduced = await reduceBodies(tx, bodyCutoff);
      await tx.execute(sql`DELETE FROM telemetry.retention_passes WHERE ran_at < ${cutoff}::timestamptz`);
      await tx.execute(sql`
        INSERT INTO telemetry.retention_passes (ran_at, cutoff, months_dropped, body_cutoff, bodies_reduced)
        VALUES (${now.toISOString()}::timestamptz, ${cutoff}::timestamptz, ${monthsDropped}, ${bodyCutoff}::timestamptz, ${bodiesReduced})`);
      return { outcome: 'ran', monthsDropped, bodiesReduced };
    });
    return run.ran ? run.value : { outcome: 'busy' };
  }
}

/**
 * Bodies of entries older than the cutoff become their shape. Only entries since the previous
 * pass's cutoff are rewritten (each body once; partition pruning keeps the scan to the months
 * concerned). A longer window set later leaves bodies already reduced as they are; a shorter one
 * moves the cutoff forward and the pass reduces everything in between. Without a previous cutoff
 * (the first pass, or none in the last 400 days) every older body is looked at; reducing a shape
 * again changes nothing, so that is safe too.
 */
async function reduceBodies(tx: Pick<Database, 'execute'>, bodyCutoff: string): Promise<number> {
  const [previous] = (
    await tx.execute<{ since: string | null }>(sql`SELECT max(body_cutoff)::text AS since FROM telemetry.retention_passes`)
  ).rows;
  const since = previous?.since ?? '-infinity';
  const result = await tx.execute(sql`
    UPDATE telemetry.api_calls
       SET body = telemetry.json_shape(body::jsonb)::json
     WHERE body IS NOT NULL AND start_time >= ${since}::timestamptz AND start_time < ${bodyCutoff}::timestamptz`);
  return result.rowCount ?? 0;
}
