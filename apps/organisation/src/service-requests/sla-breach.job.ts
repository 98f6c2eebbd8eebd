import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_REQUEST_CLOCK, type ServiceRequestClock } from './service-request.clock';
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
export class SlaBreachJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SlaBreach');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly tickets: ServiceRequestRepository,
    @Inject(SERVICE_REQUEST_CLOCK) private readonly now: ServiceRequestClock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run(), SLA_SWEEP_INTERVAL_MS);
    // Never the reason the process stays alive.
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  async run(): Promise<number> {
    try {
      return await this.tickets.markBreaches(this.now());
    } catch (error) {
      this.logger.warn(`SLA breach sweep failed: ${(error as Error).message}`);
      return 0;
    }
  }
}
