import type { Schemas } from '@teamfit/api-client';

export type ShortlistRequest = Schemas['ShortlistRequestDto'];

/** The shortlist form as the person filled it in: text fields, empty meaning "any". */
export interface ShortlistForm {
  status: '' | NonNullable<ShortlistRequest['status']>;
  role: '' | NonNullable<ShortlistRequest['role']>;
  completedAfter: string;
  minScore: string;
  roleId: string;
  roleWeight: number;
  sort: NonNullable<ShortlistRequest['sort']>;
}

export const EMPTY_SHORTLIST_FORM: ShortlistForm = {
  status: '',
  role: '',
  completedAfter: '',
  minScore: '',
  roleId: '',
  roleWeight: 50,
  sort: 'combined',
};

/**
 * The request body of a shortlist page: only the filters set, numbers as numbers, a date as the
 * start of that day in UTC. The API validates them (a sort by role without a role is its 400).
 */
export function shortlistRequest(form: ShortlistForm, page: number, limit: number): ShortlistRequest {
  const body: ShortlistRequest = { sort: form.sort, page, limit };
  if (form.status) body.status = form.status;
  if (form.role) body.role = form.role;
  if (form.completedAfter) body.completedAfter = new Date(`${form.completedAfter}T00:00:00.000Z`).toISOString();
  if (form.minScore.trim() !== '') body.minScore = Number(form.minScore);
  if (form.roleId) {
    body.roleId = Number(form.roleId);
    body.roleWeight = form.roleWeight;
  }
  return body;
}

/** The pages a total makes at a page size: at least one, so an empty list still has its page. */
export const pageCount = (total: number, limit: number): number => Math.max(1, Math.ceil(total / limit));

/** The rank of an item on a page: the API's order, counted across pages. */
export const rankOf = (page: number, limit: number, index: number): number => (page - 1) * limit + index + 1;
