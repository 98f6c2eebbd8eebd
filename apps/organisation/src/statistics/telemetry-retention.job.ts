import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RequestLogReader } from '@teamfit/common';
import { Pool } from 'pg';
import { STATISTICS_CLOCK, type StatisticsClock } from './statistics.clock';

/** How long API-call log entries are kept; whole months older than this are dropped. */
export const TELEMETRY_RETENTION_DAYS = 400;
const DAY_MS = 86_400_000;

/** The organisation service owns the statistics, so it alone trims the log: at start and daily. */
@Injectable()
export class TelemetryRetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TelemetryRetention');
  private readonly log: RequestLogReader;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(Pool) pool: Pool,
    @Inject(STATISTICS_CLOCK) private readonly now: StatisticsClock,
  ) {
    this.log = new RequestLogReader(pool);
  }

  onApplicationBootstrap(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), DAY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async run(): Promise<number> {
    try {
      const dropped = await this.log.dropBefore(new Date(this.now().getTime() - TELEMETRY_RETENTION_DAYS * DAY_MS));
      if (dropped > 0) this.logger.log(`dropped ${dropped} month(s) of API-call log past ${TELEMETRY_RETENTION_DAYS} days`);
      return dropped;
    } catch (error) {
      this.logger.warn(`API-call log retention failed: ${(error as Error).message}`);
      return 0;
    }
  }
}
