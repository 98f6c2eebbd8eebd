import { type Priority, type Status } from './service-request.model';
import { clockOnStatusChange, dueAtFor, isBreached, type SlaClock } from './sla';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(T0 + hours * HOUR);

/** A ticket's SLA columns through its life, each move applied as the workflow applies it. */
class TicketClock {
  clock: SlaClock;

  constructor(priority: Priority, createdAt: Date) {
    this.clock = {
      status: 'NEW',
      createdAt,
      dueAt: dueAtFor(createdAt, priority, 0),
      slaBreached: false,
      slaPausedMs: 0,
      slaPausedAt: null,
    };
  }

  move(to: Status, now: Date): SlaClock {
    this.clock = { ...this.clock, ...clockOnStatusChange(this.clock, to, now), status: to };
    return this.clock;
  }

  /** A priority change recomputes dueAt from creation, keeping every pause so far. */
  reprioritise(priority: Priority): SlaClock {
    this.clock = { ...this.clock, dueAt: dueAtFor(this.clock.createdAt, priority, this.clock.slaPausedMs) };
    return this.clock;
  }
}

describe('SLA clock over a ticket life', () => {
  it('computes dueAt from the priority targets', () => {
    const targets = (['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const).map(
      (priority) => (dueAtFor(at(0), priority, 0).getTime() - T0) / HOUR,
    );
    expect(targets).toEqual([4, 24, 72, 120]);
    expect(dueAtFor(at(0), 'HIGH', 10 * HOUR)).toEqual(at(34));
  });

  it('pauses while PENDING_CUSTOMER, moves dueAt by each pause, and keeps the pauses across a priority change', () => {
    const ticket = new TicketClock('MEDIUM', at(0));
    expect(ticket.clock.dueAt).toEqual(at(72));
    ticket.move('IN_PROGRESS', at(1));
    expect(ticket.move('PENDING_CUSTOMER', at(2))).toMatchObject({ slaPausedAt: at(2), dueAt: at(72) });
    // Stopped: long past dueAt, still not breached.
    expect(isBreached(ticket.clock, at(100))).toBe(false);
    expect(ticket.move('IN_PROGRESS', at(12))).toMatchObject({
      dueAt: at(82),
      slaPausedAt: null,
      slaPausedMs: 10 * HOUR,
      slaBreached: false,
    });
    expect(ticket.reprioritise('HIGH')).toMatchObject({ dueAt: at(34), slaPausedMs: 10 * HOUR });
    ticket.move('PENDING_CUSTOMER', at(20));
    expect(ticket.move('IN_PROGRESS', at(22))).toMatchObject({ dueAt: at(36), slaPausedMs: 12 * HOUR, slaBreached: false });
    expect(isBreached(ticket.clock, at(36))).toBe(false);
    expect(isBreached(ticket.clock, new Date(at(36).getTime() + 1))).toBe(true);
  });

  it('stops at RESOLVED: resolved in time never breaches, resolved late records the breach at that moment', () => {
    const inTime = new TicketClock('CRITICAL', at(200));
    inTime.move('IN_PROGRESS', at(200));
    expect(inTime.move('RESOLVED', at(203))).toMatchObject({ slaBreached: false, slaPausedAt: at(203) });
    expect(isBreached(inTime.clock, at(5000))).toBe(false);

    const late = new TicketClock('CRITICAL', at(300));
    late.move('IN_PROGRESS', at(300));
    expect(late.move('RESOLVED', at(305)).slaBreached).toBe(true);
  });

  it('keeps a recorded breach through a pause and a restart', () => {
    const ticket = new TicketClock('CRITICAL', at(0));
    ticket.move('IN_PROGRESS', at(0));
    expect(ticket.move('PENDING_CUSTOMER', at(5)).slaBreached).toBe(true);
    expect(ticket.move('IN_PROGRESS', at(6))).toMatchObject({ slaBreached: true, dueAt: at(5) });
  });

  it('changes nothing but the breach check between two running states, and counts no pause for a clock stopped "in the future"', () => {
    const ticket = new TicketClock('LOW', at(0));
    expect(clockOnStatusChange(ticket.clock, 'OPEN', at(1))).toEqual({ slaBreached: false });
    const stopped: SlaClock = { ...ticket.clock, status: 'PENDING_CUSTOMER', slaPausedAt: at(3) };
    expect(clockOnStatusChange(stopped, 'IN_PROGRESS', at(2))).toEqual({
      slaBreached: false,
      slaPausedAt: null,
      slaPausedMs: 0,
      dueAt: at(120),
    });
  });

  it('stops once for moves between stopped states (the first stop counts)', () => {
    const ticket = new TicketClock('HIGH', at(0));
    ticket.move('PENDING_CUSTOMER', at(1));
    expect(ticket.move('RESOLVED', at(4))).toMatchObject({ slaPausedAt: at(1) });
    expect(ticket.move('REOPENED', at(6))).toMatchObject({ slaPausedAt: null, slaPausedMs: 5 * HOUR, dueAt: at(29) });
  });
});
