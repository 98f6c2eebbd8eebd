/**
 * The service desk's vocabulary and its rules as data: the status table (docs/service-requests.md,
 * "Status"), the priority matrix (impact × urgency) and the SLA targets per priority. Every
 * status change anywhere (admin, hub reply, hub confirmation) is checked against TRANSITIONS.
 */

export const STATUSES = [
  'NEW',
  'OPEN',
  'IN_PROGRESS',
  'PENDING_CUSTOMER',
  'ON_HOLD',
  'RESOLVED',
  'CLOSED',
  'REOPENED',
  'CANCELLED',
] as const;
export type Status = (typeof STATUSES)[number];

export const TYPES = ['BUG', 'INCIDENT', 'CHANGE_REQUEST', 'QUESTION', 'FEATURE_REQUEST'] as const;
export type RequestType = (typeof TYPES)[number];

export const SOURCES = ['EMAIL', 'PHONE', 'API', 'WEB', 'CHAT', 'HUB', 'OTHER'] as const;
export type Source = (typeof SOURCES)[number];

export const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const SEVERITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** ITIL's three levels for impact and urgency. */
export const LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type Level = (typeof LEVELS)[number];

export const REQUESTER_TYPES = ['ADMIN', 'ADMIN_ON_BEHALF', 'ACCOUNT', 'PERSONA'] as const;
export type RequesterType = (typeof REQUESTER_TYPES)[number];

export const DECISIONS = ['APPROVED', 'REJECTED'] as const;
export type Decision = (typeof DECISIONS)[number];
export const APPROVAL_STATUSES = ['PENDING', ...DECISIONS] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Who may make a move: administrators through POST /:id/status, requesters through the hub. */
export type Actor = 'ADMIN' | 'REQUESTER';

export interface Transition {
  actors: readonly Actor[];
  /** Why the move exists; recorded nowhere, read by people. */
  meaning: string;
}

const admin = (meaning: string): Transition => ({ actors: ['ADMIN'], meaning });
const cancel = admin('cancelled by an administrator (terminal)');

/** The one transition table. A pair missing here is illegal for everyone (409). */
export const TRANSITIONS: Readonly<Record<Status, Partial<Record<Status, Transition>>>> = {
  NEW: { OPEN: admin('acknowledged'), IN_PROGRESS: admin('picked up immediately') },
  OPEN: { IN_PROGRESS: admin('work started'), PENDING_CUSTOMER: admin('waiting on requester'), ON_HOLD: admin('on hold') },
  IN_PROGRESS: {
    PENDING_CUSTOMER: admin('waiting on requester'),
    ON_HOLD: admin('on hold'),
    RESOLVED: admin('resolvedAt stamped'),
    CANCELLED: cancel,
  },
  PENDING_CUSTOMER: {
    IN_PROGRESS: { actors: ['ADMIN', 'REQUESTER'], meaning: 'customer replied' },
    ON_HOLD: admin('on hold'),
    RESOLVED: admin('resolvedAt stamped'),
    CANCELLED: cancel,
  },
  ON_HOLD: { PENDING_CUSTOMER: admin('waiting on requester'), CANCELLED: cancel },
  RESOLVED: {
    CLOSED: { actors: ['ADMIN', 'REQUESTER'], meaning: 'closedAt stamped; requester confirmation closes too' },
    REOPENED: admin('reopenCount incremented'),
    CANCELLED: cancel,
  },
  REOPENED: { IN_PROGRESS: admin('work resumed'), CANCELLED: cancel },
  CLOSED: {},
  CANCELLED: {},
};

/** `undefined` when the move is allowed for the actor, else the reason for the 409. */
export function transitionRefusal(from: Status, to: Status, actor: Actor): string | undefined {
  if (from === to) return `The service request is already ${to}`;
  const transition = TRANSITIONS[from][to];
  if (!transition) {
    const allowed = Object.keys(TRANSITIONS[from]);
    const next = allowed.length === 0 ? `${from} is final` : `from ${from} it can move to ${allowed.join(', ')}`;
    return `A service request cannot move from ${from} to ${to}: ${next}`;
  }
  if (!transition.actors.includes(actor)) return `Only an administrator can move a service request from ${from} to ${to}`;
  return undefined;
}

/** States where nothing more happens: no changes of status, comments or edits by the hub. */
export const FINAL_STATUSES: readonly Status[] = ['CLOSED', 'CANCELLED'];

/**
 * The SLA clock stops in these states. PENDING_CUSTOMER waits on the requester (a pause);
 * RESOLVED waits for confirmation (a reopen resumes the clock with dueAt moved by the stop).
 * The final states stop it for good.
 */
export const CLOCK_STOPPED: readonly Status[] = ['PENDING_CUSTOMER', 'RESOLVED', 'CLOSED', 'CANCELLED'];

/** Priority from impact × urgency (rows: impact, columns: urgency); a missing one counts as MEDIUM. */
export const PRIORITY_MATRIX: Readonly<Record<Level, Record<Level, Priority>>> = {
  HIGH: { HIGH: 'CRITICAL', MEDIUM: 'HIGH', LOW: 'MEDIUM' },
  MEDIUM: { HIGH: 'HIGH', MEDIUM: 'MEDIUM', LOW: 'LOW' },
  LOW: { HIGH: 'MEDIUM', MEDIUM: 'LOW', LOW: 'LOW' },
};

export function priorityOf(impact: Level | null | undefined, urgency: Level | null | undefined): Priority {
  return PRIORITY_MATRIX[impact ?? 'MEDIUM'][urgency ?? 'MEDIUM'];
}

const HOUR_MS = 3_600_000;

/** Resolution targets, wall-clock time from creation (no business calendar). */
export const SLA_TARGET_MS: Readonly<Record<Priority, number>> = {
  CRITICAL: 4 * HOUR_MS,
  HIGH: 24 * HOUR_MS,
  MEDIUM: 72 * HOUR_MS,
  LOW: 120 * HOUR_MS,
};
