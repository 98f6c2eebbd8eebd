import type { operations } from '@teamfit/api-client';

export type DeskQuery = NonNullable<operations['organisation_AdminServiceRequestController_list']['parameters']['query']>;
type Status = NonNullable<DeskQuery['status']>;
type Priority = NonNullable<DeskQuery['priority']>;

const STATUSES: readonly Status[] = [
  'NEW',
  'OPEN',
  'IN_PROGRESS',
  'PENDING_CUSTOMER',
  'ON_HOLD',
  'RESOLVED',
  'CLOSED',
  'REOPENED',
  'CANCELLED',
];
const PRIORITIES: readonly Priority[] = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
export const DESK_PAGE_SIZE = 20;

/** The desk's filters, as the list's address carries them (`/service-requests?status=NEW&q=…`), so a filtered list can be shared. */
export interface DeskFilters {
  status: Status | '';
  priority: Priority | '';
  organisationId: string;
  assigneeId: string;
  createdFrom: string;
  createdTo: string;
  q: string;
  includeDeleted: boolean;
  page: number;
}

export const NO_FILTERS: DeskFilters = {
  status: '',
  priority: '',
  organisationId: '',
  assigneeId: '',
  createdFrom: '',
  createdTo: '',
  q: '',
  includeDeleted: false,
  page: 1,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' => (values.includes(value as T) ? (value as T) : '');

/** The filters of an address's query string; anything unknown or malformed is left out. */
export function filtersOf(search: string): DeskFilters {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const date = (name: string) => (/^\d{4}-\d{2}-\d{2}$/.test(params.get(name) ?? '') ? (params.get(name) ?? '') : '');
  return {
    status: oneOf(STATUSES, params.get('status')),
    priority: oneOf(PRIORITIES, params.get('priority')),
    organisationId: params.get('organisationId')?.trim() ?? '',
    assigneeId: params.get('assigneeId')?.trim() ?? '',
    createdFrom: date('createdFrom'),
    createdTo: date('createdTo'),
    q: params.get('q') ?? '',
    includeDeleted: params.get('includeDeleted') === 'true',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of the filters: only those set, page 1 left out. */
export function searchOf(filters: DeskFilters): string {
  const params = new URLSearchParams();
  for (const key of ['status', 'priority', 'organisationId', 'assigneeId', 'createdFrom', 'createdTo', 'q'] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (filters.includeDeleted) params.set('includeDeleted', 'true');
  if (filters.page > 1) params.set('page', String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The API's query for the filters: a page of DESK_PAGE_SIZE; `createdTo` a whole day (the API's
 * bound is inclusive, so the day's last millisecond), both dates in UTC.
 */
export function deskQuery(filters: DeskFilters): DeskQuery {
  const query: DeskQuery = { page: filters.page, limit: DESK_PAGE_SIZE };
  if (filters.status) query.status = filters.status;
  if (filters.priority) query.priority = filters.priority;
  if (filters.organisationId.trim()) query.organisationId = filters.organisationId.trim();
  if (filters.assigneeId.trim()) query.assigneeId = filters.assigneeId.trim();
  if (filters.createdFrom) query.createdFrom = `${filters.createdFrom}T00:00:00.000Z`;
  if (filters.createdTo) query.createdTo = `${filters.createdTo}T23:59:59.999Z`;
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.includeDeleted) query.includeDeleted = 'true';
  return query;
}
