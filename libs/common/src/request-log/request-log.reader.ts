import type { Pool } from 'pg';

export interface DailyCount {
  day: string;
  key: string;
  calls: number;
}

/** Read side of the API-call log, for the organisation service's statistics. */
export class RequestLogReader {
  constructor(private readonly pool: Pool) {}

  /** Calls per day and device type from `since` (inclusive, UTC date), from the rollup. */
  byDevice(since: string): Promise<DailyCount[]> {
    return this.daily('device_type', since);
  }

  /** Calls per day and caller app from `since` (inclusive, UTC date), from the rollup. */
  byCallerApp(since: string): Promise<DailyCount[]> {
    return this.daily('caller_app', since);
  }

  /** Drops whole months older than the retention; returns how many partitions went. */
  async dropBefore(cutoff: Date): Promise<number> {
    const result = await this.pool.query<{ dropped: number }>('SELECT telemetry.drop_months_before($1) AS dropped', [cutoff]);
    return result.rows[0]?.dropped ?? 0;
  }

  private async daily(column: 'device_type' | 'caller_app', since: string): Promise<DailyCount[]> {
    const result = await this.pool.query<{ day: string; key: string; calls: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${column} AS key, sum(calls)::text AS calls
       FROM telemetry.api_call_days WHERE day >= $1::date GROUP BY day, ${column} ORDER BY day, ${column}`,
      [since],
    );
    return result.rows.map((row) => ({ day: row.day, key: row.key, calls: Number(row.calls) }));
  }
}
