import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { type Clock, InjectClock, InjectConfig, RequestLogRetention, type RetentionOutcome, type ServiceConfig } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';

/** How long API-call log entries are kept; whole months older than this are dropped. */
export const TELEMETRY_RETENTION_DAYS = 400;
const HOUR_MS = 3_600_000;
/** Instances look for a due pass at start and hourly; a pass is due 23 hours after the last. */
const CHECK_EVERY_MS = HOUR_MS;
export const RETENTION_PASS_INTERVAL_MS = 23 * HOUR_MS;

/**
 * The organisation service owns the statistics, so it trims the log: one pass a day across all
 * its instances (RequestLogRetention says how the instances agree), dropping months past 400
 * days and reducing bodies past REQUEST_LOG_BODY_DAYS to their shape.
 */
@Injectable()
export class TelemetryRetentionJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('TelemetryRetention');
  private readonly retention: RequestLogRetention;
  /** The look at start, not awaited by the start itself; settles with its outcome (undefined: it failed). */
  startupPass: Promise<RetentionOutcome | undefined> = Promise.resolve(undefined);

  private readonly bodyDays: number;

  constructor(
    @InjectDatabase() db: Database,
    @InjectClock() private readonly now: Clock,
    @InjectConfig() config: ServiceConfig,
  ) {
    this.bodyDays = config.retention.requestLogBodyDays;
    this.retention = new RequestLogRetention(db);
  }

  onApplicationBootstrap(): void {
    this.startupPass = this.run();
  }

  @Interval('telemetry-retention', CHECK_EVERY_MS)
  async run(): Promise<RetentionOutcome | undefined> {
    try {
      const windows = { keepDays: TELEMETRY_RETENTION_DAYS, bodyDays: this.bodyDays, intervalMs: RETENTION_PASS_INTERVAL_MS };
      const result = await this.retention.passIfDue(this.now(), windows);
      if (result.outcome === 'ran') {
        this.logger.log(
          `API-call log retention: dropped ${result.monthsDropped} month(s) past ${TELEMETRY_RETENTION_DAYS} days, ` +
            `reduced ${result.bodiesReduced} stored bod${result.bodiesReduced === 1 ? 'y' : 'ies'} past ${this.bodyDays} days to their shape`,
        );
      }
      return result;
    } catch (error) {
      this.logger.warn(`API-call log retention failed: ${(error as Error).message}`);
      return undefined;
    }
  }
}
