import type { Pool } from 'pg';

export interface DailyCount {
  day: string;
  key: string;
  calls: number;
}

/** Read side of the API-call log, for the organisation service's statistics. */
export class RequestLogReader {
  constructor(private readonly pool: Pick<Pool, 'query'>) {}

  /** Calls per day and device type between two UTC dates (inclusive), from the rollup. */
  byDevice(since: string, until: string): Promise<DailyCount[]> {
    return this.daily('device_type', since, until);
  }

  /** Calls per day and caller app between two UTC dates (inclusive), from the rollup. */
  byCallerApp(since: string, until: string): Promise<DailyCount[]> {
    return this.daily('caller_app', since, until);
  }

  private async daily(column: 'device_type' | 'caller_app', since: string, until: string): Promise<DailyCount[]> {
    const result = await this.pool.query<{ day: string; key: string; calls: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${column} AS key, sum(calls)::text AS calls
       FROM telemetry.api_call_days WHERE day BETWEEN $1::date AND $2::date GROUP BY day, ${column} ORDER BY day, ${column}`,
      [since, until],
    );
    return result.rows.map((row) => ({ day: row.day, key: row.key, calls: Number(row.calls) }));
  }
}
