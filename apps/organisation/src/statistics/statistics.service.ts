import { Inject, Injectable } from '@nestjs/common';
import { type DailyCount, RequestLogReader } from '@teamfit/common';
import { Pool } from 'pg';
import { STATISTICS_CLOCK, type StatisticsClock } from './statistics.clock';

/** The charts cover today and the 89 days before it (UTC). */
export const STATISTICS_WINDOW_DAYS = 90;

export type DailySeries = Array<{ date: string } & Record<string, number | string>>;

/** One object per day with data, ascending; only the keys that had calls that day. */
export function toDailySeries(counts: DailyCount[]): DailySeries {
  const byDay = new Map<string, { date: string } & Record<string, number | string>>();
  for (const { day, key, calls } of counts) {
    const entry = byDay.get(day) ?? { date: day };
    entry[key] = calls;
    byDay.set(day, entry);
  }
  return [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
}

@Injectable()
export class StatisticsService {
  private readonly log: RequestLogReader;

  constructor(
    @Inject(Pool) pool: Pool,
    @Inject(STATISTICS_CLOCK) private readonly now: StatisticsClock,
  ) {
    this.log = new RequestLogReader(pool);
  }

  async visitors(): Promise<DailySeries> {
    const { since, until } = this.window();
    return toDailySeries(await this.log.byDevice(since, until));
  }

  async byApp(): Promise<DailySeries> {
    const { since, until } = this.window();
    return toDailySeries(await this.log.byCallerApp(since, until));
  }

  private window(): { since: string; until: string } {
    const today = this.now();
    const since = new Date(today.getTime() - (STATISTICS_WINDOW_DAYS - 1) * 86_400_000);
    return { since: since.toISOString().slice(0, 10), until: today.toISOString().slice(0, 10) };
  }
}
