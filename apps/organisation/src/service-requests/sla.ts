import { CLOCK_STOPPED, type Priority, SLA_TARGET_MS, type Status } from './service-request.model';

/** The SLA columns of a ticket. */
export interface SlaClock {
  status: Status;
  createdAt: Date;
  dueAt: Date;
  slaBreached: boolean;
  slaPausedMs: number;
  slaPausedAt: Date | null;
}

export type SlaChanges = Partial<Pick<SlaClock, 'dueAt' | 'slaBreached' | 'slaPausedMs' | 'slaPausedAt'>>;

/** The target from creation: the priority's time plus every pause so far. */
export function dueAtFor(createdAt: Date, priority: Priority, slaPausedMs: number): Date {
  return new Date(createdAt.getTime() + SLA_TARGET_MS[priority] + slaPausedMs);
}

/**
 * Breached once the running clock passes dueAt. A stopped clock (pending customer, resolved,
 * final) cannot breach; a breach once recorded stays (it happened, whatever is edited later).
 */
export function isBreached(clock: SlaClock, now: Date): boolean {
  return clock.slaBreached || (clock.slaPausedAt === null && now.getTime() > clock.dueAt.getTime());
}

/**
 * What a move to `to` does to the clock: entering a stopped state stops it (after a last breach
 * check); leaving one restarts it and moves dueAt by the time it stood still, which is also
 * added to the paused total.
 */
export function clockOnStatusChange(clock: SlaClock, to: Status, now: Date): SlaChanges {
  const changes: SlaChanges = { slaBreached: isBreached(clock, now) };
  const stops = CLOCK_STOPPED.includes(to);
  if (clock.slaPausedAt === null && stops) changes.slaPausedAt = now;
  if (clock.slaPausedAt !== null && !stops) {
    const paused = Math.max(0, now.getTime() - clock.slaPausedAt.getTime());
    changes.slaPausedMs = clock.slaPausedMs + paused;
    changes.dueAt = new Date(clock.dueAt.getTime() + paused);
    changes.slaPausedAt = null;
  }
  return changes;
}
