/**
 * A list page's query in the address (`?page=2&search=ada&status=ACTIVE`), so a filtered page of
 * results is an address a person can bookmark, share and go back to. Unknown or empty values are
 * dropped; a page below 1 or not a whole number is the first.
 */
export interface ListQuery {
  page: number;
  filters: Record<string, string>;
}

export function readListQuery(search: string, filterNames: readonly string[]): ListQuery {
  const params = new URLSearchParams(search);
  const rawPage = params.get('page') ?? '';
  const page = /^\d{1,9}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return { page, filters };
}

/** The address of a list page: its path and the query, without defaults (page 1, empty filters). */
export function listAddress(path: string, query: ListQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query.filters)) if (value.trim()) params.set(name, value.trim());
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Pages of `limit` items for a total; at least one, so "page 1 of 1" reads right when empty. */
export const pageCount = (total: number, limit: number): number => Math.max(1, Math.ceil(total / limit));

/** The total an `X-Total-Count` header gives, or null when it is missing or not a count. */
export function totalCountOf(response: Pick<Response, 'headers'>): number | null {
  const value = response.headers.get('X-Total-Count');
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}
