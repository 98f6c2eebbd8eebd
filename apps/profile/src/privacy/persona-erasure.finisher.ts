import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectConfig, type ServiceConfig } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import {
  describeCounts,
  ERASURE_PART_DONE_CHANNEL,
  ERASURE_SWEEP_MS,
  NotificationListener,
  type PersonaErasureRow,
} from '@teamfit/privacy';
import { setTimeout as sleep } from 'node:timers/promises';
import { PersonaErasureRepository } from './persona-erasure.repository';

/** A waiting request looks again at least this often, in case a notification was missed. */
const POLL_MS = 500;

/**
 * Completes erasures once every other service has recorded its part: woken by their
 * notifications, and sweeping at start and every 15 s for erasures whose request was answered
 * before they completed (202) or whose profile instance died meanwhile. Completing is one
 * conditional UPDATE, so any number of instances complete an erasure once; the instance that
 * does writes the audit line (who asked, when, what each service removed; never whom).
 */
@Injectable()
export class PersonaErasureFinisher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('PersonaErasure');
  private readonly listener: NotificationListener;
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly erasures: PersonaErasureRepository,
    @InjectConfig() config: ServiceConfig,
  ) {
    this.listener = new NotificationListener(config.databaseUrl, `${config.service}-erasures`, ERASURE_PART_DONE_CHANNEL, (id) =>
      this.partDone(id),
    );
  }

  onApplicationBootstrap(): void {
    this.listener.start();
    void this.sweep();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.listener.stop();
    for (const wakers of this.waiters.values()) for (const wake of wakers) wake();
  }

  /** Completes every pending erasure whose parts are all in; answers how many this call completed. */
  @Interval('persona-erasure-sweep', ERASURE_SWEEP_MS)
  async sweep(): Promise<number> {
    try {
      let completed = 0;
      for (const id of await this.erasures.pendingIds()) if (await this.complete(id)) completed += 1;
      return completed;
    } catch (error) {
      this.logger.warn(`completing persona erasures failed, to be tried again: ${(error as Error).message}`);
      return 0;
    }
  }

  /** Waits up to `ms` for the erasure to complete; the record as it then is. */
  async waitFor(id: string, ms: number): Promise<PersonaErasureRow | undefined> {
    const deadline = Date.now() + ms;
    for (;;) {
      await this.complete(id);
      const row = await this.erasures.findById(id);
      const left = deadline - Date.now();
      if (!row || row.completedAt || left <= 0) return row;
      await this.nextPart(id, Math.min(POLL_MS, left));
    }
  }

  private async complete(id: string): Promise<boolean> {
    const completed = await this.erasures.completeIfDone(this.db, id);
    if (!completed) return false;
    const parts = await this.erasures.partsOf(id);
    const summary = [
      `profile (${describeCounts(completed.profileCounts)})`,
      ...Object.entries(parts).map(([part, row]) => `${part} (${describeCounts(row.counts)})`),
    ];
    this.logger.log(
      `erasure ${id} requested by ${completed.requestedBy} at ${completed.requestedAt.toISOString()} complete: ${summary.join('; ')}`,
    );
    return true;
  }

  private partDone(id: string): void {
    for (const wake of this.waiters.get(id) ?? []) wake();
  }

  private async nextPart(id: string, ms: number): Promise<void> {
    const abort = new AbortController();
    const wakers = this.waiters.get(id) ?? new Set<() => void>();
    this.waiters.set(id, wakers);
    const wake = () => abort.abort();
    wakers.add(wake);
    try {
      await sleep(ms, undefined, { signal: abort.signal }).catch(() => undefined);
    } finally {
      wakers.delete(wake);
      if (wakers.size === 0) this.waiters.delete(id);
    }
  }
}
