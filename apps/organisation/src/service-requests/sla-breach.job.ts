import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { type Clock, InjectClock } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { ServiceRequestRepository } from './service-request.repository';

/** How often tickets whose running clock passed dueAt are marked; reads also mark them. */
export const SLA_SWEEP_INTERVAL_MS = 60_000;

/**
 * Keeps slaBreached current for tickets nobody reads (reports, dashboards built on the flag).
 * Every instance sweeps, without a lock: the sweep only sets a flag where it is still false, and a
 * concurrent sweep's UPDATE waits for the other's row locks and re-checks that condition, so two
 * sweeps at once mark each ticket once and write nothing else.
 */
@Injectable()
export class SlaBreachJob {
  private readonly logger = new Logger('SlaBreach');

  constructor(
    private readonly tickets: ServiceRequestRepository,
    @InjectDatabase() private readonly db: Database,
    @InjectClock() private readonly now: Clock,
  ) {}

  @Interval('sla-breach-sweep', SLA_SWEEP_INTERVAL_MS)
  async run(): Promise<number> {
    try {
      return await this.tickets.markBreaches(this.db, this.now());
    } catch (error) {
      this.logger.warn(`SLA breach sweep failed: ${(error as Error).message}`);
      return 0;
    }
  }
}
