import { type Database, withAdvisoryLockIfFree } from '@teamfit/database';
import { sql } from 'drizzle-orm';

const DAY_MS = 86_400_000;

/** Held by the instance running a pass; the others skip rather than queue behind it. */
const RETENTION_LOCK = 'telemetry.api_calls retention';

export type RetentionOutcome =
  | { outcome: 'ran'; monthsDropped: number }
  /** The last pass, by whichever instance, is more recent than the interval. */
  | { outcome: 'not-due' }
  /** Another instance is running a pass right now. */
  | { outcome: 'busy' };

/**
 * Trims the API-call log: whole months older than the retention go (raw partitions and the
 * per-day rollup). Every instance of the owning service looks for a due pass, so a pass is one
 * transaction under a try-lock that also reads and records the passes: an instance that finds
 * the lock taken skips (two passes would race on the same DROP TABLE, the second failing on a
 * partition the first dropped), and one that takes it after a pass has committed finds the pass
 * recorded and does nothing. One pass per interval, however many instances run.
 */
export class RequestLogRetention {
  constructor(private readonly db: Database) {}

  async passIfDue(now: Date, keepDays: number, intervalMs: number): Promise<RetentionOutcome> {
    const run = await withAdvisoryLockIfFree(this.db, RETENTION_LOCK, async (tx): Promise<RetentionOutcome> => {
      const since = new Date(now.getTime() - intervalMs).toISOString();
      const [recent] = (await tx.execute<{ found: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM telemetry.retention_passes WHERE ran_at > ${since}::timestamptz) AS found`)).rows;
      if (recent?.found) return { outcome: 'not-due' };
      const cutoff = new Date(now.getTime() - keepDays * DAY_MS).toISOString();
      const [dropped] = (await tx.execute<{ months: number }>(sql`SELECT telemetry.drop_months_before(${cutoff}::timestamptz) AS months`)).rows;
      const monthsDropped = dropped?.months ?? 0;
      await tx.execute(sql`DELETE FROM telemetry.retention_passes WHERE ran_at < ${cutoff}::timestamptz`);
      await tx.execute(sql`INSERT INTO telemetry.retention_passes (ran_at, cutoff, months_dropped) VALUES (${now.toISOString()}::timestamptz, ${cutoff}::timestamptz, ${monthsDropped})`);
      return { outcome: 'ran', monthsDropped };
    });
    return run.ran ? run.value : { outcome: 'busy' };
  }
}
