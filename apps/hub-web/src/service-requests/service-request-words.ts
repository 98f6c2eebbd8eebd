import type { Schemas } from '@teamfit/api-client';

type Status = Schemas['HubServiceRequestDto']['status'];
type Kind = Schemas['HubServiceRequestDto']['type'];

const STATUS_WORDS: Record<Status, string> = {
  NEW: 'New',
  OPEN: 'Open',
  IN_PROGRESS: 'In progress',
  PENDING_CUSTOMER: 'Waiting for your reply',
  ON_HOLD: 'On hold',
  RESOLVED: 'Solved – please confirm',
  CLOSED: 'Closed',
  REOPENED: 'Reopened',
  CANCELLED: 'Cancelled',
};

const KIND_WORDS: Record<Kind, string> = {
  QUESTION: 'A question',
  BUG: 'Something does not work',
  INCIDENT: 'Something is down or blocked',
  CHANGE_REQUEST: 'A change to my data',
  FEATURE_REQUEST: 'An idea or wish',
};

export const statusWords = (status: Status): string => STATUS_WORDS[status];
export const kindWords = (kind: Kind): string => KIND_WORDS[kind];
export const KINDS = Object.keys(KIND_WORDS) as Kind[];

/** Closed and cancelled requests take no more replies (the platform answers 409). */
export const takesReplies = (status: Status): boolean => status !== 'CLOSED' && status !== 'CANCELLED';

export const dateWords = (iso: string): string => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
