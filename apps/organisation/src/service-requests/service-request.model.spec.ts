import { PRIORITY_MATRIX, priorityOf, type Status, STATUSES, TRANSITIONS, transitionRefusal } from './service-request.model';
import { clockOnStatusChange, dueAtFor, isBreached, type SlaClock } from './sla';

/** The status table of docs/service-requests.md, row by row, plus CANCELLED from every state past OPEN that is not final. */
const SPEC_ROWS: Array<[Status, Status]> = [
  ['NEW', 'OPEN'],
  ['NEW', 'IN_PROGRESS'],
  ['OPEN', 'IN_PROGRESS'],
  ['OPEN', 'PENDING_CUSTOMER'],
  ['OPEN', 'ON_HOLD'],
  ['IN_PROGRESS', 'PENDING_CUSTOMER'],
  ['IN_PROGRESS', 'ON_HOLD'],
  ['IN_PROGRESS', 'RESOLVED'],
  ['PENDING_CUSTOMER', 'IN_PROGRESS'],
  ['PENDING_CUSTOMER', 'ON_HOLD'],
  ['PENDING_CUSTOMER', 'RESOLVED'],
  ['ON_HOLD', 'PENDING_CUSTOMER'],
  ['RESOLVED', 'CLOSED'],
  ['RESOLVED', 'REOPENED'],
  ['REOPENED', 'IN_PROGRESS'],
];
const CANCELLABLE: Status[] = ['IN_PROGRESS', 'PENDING_CUSTOMER', 'ON_HOLD', 'RESOLVED', 'REOPENED'];

describe('the transition table', () => {
  it('is exactly the documented status table plus CANCELLED', () => {
    const table = STATUSES.flatMap((from) => Object.keys(TRANSITIONS[from]).map((to) => `${from}->${to}`)).sort();
    const expected = [...SPEC_ROWS.map(([from, to]) => `${from}->${to}`), ...CANCELLABLE.map((from) => `${from}->CANCELLED`)].sort();
    expect(table).toEqual(expected);
  });

  it('makes CLOSED reachable only from RESOLVED and CANCELLED terminal', () => {
    expect(STATUSES.filter((from) => TRANSITIONS[from].CLOSED)).toEqual(['RESOLVED']);
    expect(TRANSITIONS.CANCELLED).toEqual({});
    expect(TRANSITIONS.CLOSED).toEqual({});
  });

  it('lets the requester make only the reply and the confirmation moves', () => {
    const requesterMoves = STATUSES.flatMap((from) =>
      STATUSES.filter((to) => transitionRefusal(from, to, 'REQUESTER') === undefined).map((to) => `${from}->${to}`),
    );
    expect(requesterMoves).toEqual(['PENDING_CUSTOMER->IN_PROGRESS', 'RESOLVED->CLOSED']);
    expect(transitionRefusal('IN_PROGRESS', 'CANCELLED', 'REQUESTER')).toBe(
      'Only an administrator can move a service request from IN_PROGRESS to CANCELLED',
    );
  });
});

describe('priority matrix', () => {
  it('derives priority from impact × urgency, MEDIUM standing in for a missing one', () => {
    expect(priorityOf('HIGH', 'HIGH')).toBe('CRITICAL');
    expect(priorityOf('LOW', 'LOW')).toBe('LOW');
    expect(priorityOf(undefined, undefined)).toBe('MEDIUM');
    expect(priorityOf('HIGH', null)).toBe('HIGH');
    expect(priorityOf(null, 'LOW')).toBe('LOW');
    expect(Object.values(PRIORITY_MATRIX).flatMap((row) => Object.values(row))).toHaveLength(9);
  });
});

describe('SLA clock', () => {
  const t0 = new Date('2026-01-01T00:00:00Z');
  const hours = (n: number) => new Date(t0.getTime() + n * 3_600_000);
  const clock = (overrides: Partial<SlaClock> = {}): SlaClock => ({
    status: 'IN_PROGRESS',
    createdAt: t0,
    dueAt: dueAtFor(t0, 'HIGH', 0),
    slaBreached: false,
    slaPausedMs: 0,
    slaPausedAt: null,
    ...overrides,
  });

  it('stops on PENDING_CUSTOMER and moves dueAt by the pause when it restarts', () => {
    expect(clockOnStatusChange(clock(), 'PENDING_CUSTOMER', hours(2))).toEqual({ slaBreached: false, slaPausedAt: hours(2) });
    const paused = clock({ status: 'PENDING_CUSTOMER', slaPausedAt: hours(2), slaPausedMs: 1_000 });
    expect(clockOnStatusChange(paused, 'IN_PROGRESS', hours(5))).toEqual({
      slaBreached: false,
      slaPausedAt: null,
      slaPausedMs: 1_000 + 3 * 3_600_000,
      dueAt: hours(27),
    });
  });

  it('cannot breach while stopped, and a breach stays', () => {
    expect(isBreached(clock({ slaPausedAt: hours(1) }), hours(100))).toBe(false);
    expect(isBreached(clock(), hours(25))).toBe(true);
    expect(isBreached(clock({ slaBreached: true, slaPausedAt: hours(1) }), hours(2))).toBe(true);
    expect(clockOnStatusChange(clock(), 'RESOLVED', hours(25)).slaBreached).toBe(true);
  });
});
