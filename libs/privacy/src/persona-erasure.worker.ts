import { Logger } from '@nestjs/common';
import { type Database, type Transaction, withAdvisoryLockIfFree } from '@teamfit/database';
import type { ErasureCounts, ErasureIdentity } from './erasure-identity';
import { ERASURE_REQUESTED_CHANNEL, ErasureRequests } from './erasure-requests';
import { NotificationListener } from './notification-listener';
import type { ErasurePart } from './persona-erasure.tables';

/**
 * How often every instance looks for erasures its part is still owed (restarts, lost
 * notifications, failures): the interval of the job in persona-erasure.job.ts.
 */
export const ERASURE_SWEEP_MS = 15_000;

export interface ErasurePartWork {
  part: ErasurePart;
  /** The part waits this long after the request (the API-call log's buffers are written once a second). */
  settleMs: number;
  /** Erases the persona's rows of this service inside `tx`; answers what it removed or made anonymous. */
  erase(tx: Transaction, identity: ErasureIdentity): Promise<ErasureCounts>;
}

export interface WorkerConnection {
  db: Database;
  /** The primary's URL: notifications are not replayed on a replica. */
  databaseUrl: string;
  /** Shown in pg_stat_activity for the listening connection. */
  applicationName: string;
}

/**
 * Does one service's part of every persona erasure. Woken by the profile service's notification
 * and by a sweep (at start, then every 15 s from the service's scheduler), so an erasure requested
 * while this service was down, or whose part failed or was cut short by a crash, is finished once
 * it runs again. Each part is
 * one transaction holding a try-lock named after the part and the erasure: with several instances
 * one does the work and the others skip it, and the part's record, written in that transaction,
 * makes a finished part visible to everyone at once. A crash mid-part rolls everything back.
 */
export class PersonaErasureWorker {
  private readonly logger: Logger;
  private readonly requests: ErasureRequests;
  private readonly listener: NotificationListener;
  private readonly delayed = new Set<NodeJS.Timeout>();
  /** Runs are chained: one erasure at a time per process. */
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly connection: WorkerConnection,
    private readonly work: ErasurePartWork,
  ) {
    this.logger = new Logger(`PersonaErasure:${work.part}`);
    this.requests = new ErasureRequests(connection.db, work.part);
    this.listener = new NotificationListener(connection.databaseUrl, connection.applicationName, ERASURE_REQUESTED_CHANNEL, (id) =>
      this.wakeFor(id),
    );
  }

  start(): void {
    this.stopped = false;
    this.listener.start();
    void this.sweep();
  }

  /** Stops waking up and waits for the part under way, so a shutdown never cuts one short. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.delayed) clearTimeout(timer);
    this.delayed.clear();
    await this.listener.stop();
    await this.running.catch(() => undefined);
  }

  /** Does every part owed that has settled, and the others once they have; answers how many this call did. */
  sweep(): Promise<number> {
    // A tick of the scheduler that comes after stop() finds nothing to do: the pool may be closing.
    if (this.stopped) return Promise.resolve(0);
    return this.serially(async () => {
      let done = 0;
      for (const { id, settlesInMs } of await this.requests.owing(this.work.settleMs)) {
        if (this.stopped) break;
        if (settlesInMs > 0) this.later(id, settlesInMs);
        else if (await this.erase(id)) done += 1;
      }
      return done;
    }, 0);
  }

  /** A new erasure: its part once it has settled. */
  private wakeFor(erasureId: string): void {
    this.later(erasureId, this.work.settleMs);
  }

  /** A little after the settle time, which the server measures by its own clock. */
  private later(erasureId: string, waitMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.delayed.delete(timer);
      void this.serially(() => this.erase(erasureId), false);
    }, waitMs + 100);
    timer.unref();
    this.delayed.add(timer);
  }

  private async erase(erasureId: string): Promise<boolean> {
    const lock = `persona-erasure:${this.work.part}:${erasureId}`;
    const run = await withAdvisoryLockIfFree(this.connection.db, lock, async (tx) => {
      const identity = await this.requests.owed(tx, erasureId, this.work.settleMs);
      if (!identity) return undefined;
      const counts = await this.work.erase(tx, identity);
      await this.requests.record(tx, erasureId, counts);
      return counts;
    });
    if (!run.ran || !run.value) return false;
    this.logger.log(`erasure ${erasureId}: ${this.work.part} part done (${describeCounts(run.value)})`);
    return true;
  }

  private serially<T>(job: () => Promise<T>, onFailure: T): Promise<T> {
    const next = this.running.then(job).catch((error: unknown) => {
      this.logger.warn(`persona erasure (${this.work.part} part) failed, to be tried again: ${(error as Error).message}`);
      return onFailure;
    });
    this.running = next;
    return next;
  }
}

/** `evaluations 2, answers 208`: counts only, never who. */
export function describeCounts(counts: ErasureCounts): string {
  return Object.entries(counts)
    .map(([table, rows]) => `${table} ${rows}`)
    .join(', ');
}
