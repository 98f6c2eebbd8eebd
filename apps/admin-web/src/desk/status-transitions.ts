import type { Schemas } from '@teamfit/api-client';

export type TicketStatus = Schemas['ServiceRequestDto']['status'];

/**
 * The moves an administrator may make, as docs/service-requests.md ("Status") documents the
 * platform's table; the API does not list them per ticket. The page offers only these, and when
 * the API still refuses a move (409) it shows the API's own message, which names the allowed
 * moves. status-transitions.spec.ts reads the docs table, so the two cannot drift apart.
 */
export const ADMIN_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  NEW: ['OPEN', 'IN_PROGRESS'],
  OPEN: ['IN_PROGRESS', 'PENDING_CUSTOMER', 'ON_HOLD'],
  IN_PROGRESS: ['PENDING_CUSTOMER', 'ON_HOLD', 'RESOLVED', 'CANCELLED'],
  PENDING_CUSTOMER: ['IN_PROGRESS', 'ON_HOLD', 'RESOLVED', 'CANCELLED'],
  ON_HOLD: ['PENDING_CUSTOMER', 'CANCELLED'],
  RESOLVED: ['CLOSED', 'REOPENED', 'CANCELLED'],
  REOPENED: ['IN_PROGRESS', 'CANCELLED'],
  CLOSED: [],
  CANCELLED: [],
};

/** The statuses a ticket in `status` can be moved to; none for a final or unknown status. */
export const nextStatuses = (status: TicketStatus): readonly TicketStatus[] => ADMIN_TRANSITIONS[status] ?? [];

export const STATUS_WORDS: Record<TicketStatus, string> = {
  NEW: 'New',
  OPEN: 'Open',
  IN_PROGRESS: 'In progress',
  PENDING_CUSTOMER: 'Waiting for the requester',
  ON_HOLD: 'On hold',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
  REOPENED: 'Reopened',
  CANCELLED: 'Cancelled',
};

export const statusWords = (status: TicketStatus): string => STATUS_WORDS[status] ?? status;
