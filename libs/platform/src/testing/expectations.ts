/** What e2e tests expect of every service's answers: the platform's formats and its error body. */

/** A UUID `id` (personas, organisations, accounts, evaluations). The 24-hex `_id` is `OBJECT_ID` from `@teamfit/common`. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A timestamp as the services write it: ISO 8601 in UTC with milliseconds. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** Well-formed ids that no test creates: a lookup of them is 404. */
export const UNKNOWN_UUID = '7b0c7c1e-2f55-4c1a-9d0e-3a1f2b4c5d6e';
export const UNKNOWN_OBJECT_ID = '0123456789abcdef01234567';

/** The platform's 400 body (docs/contract.md), its message containing each of the given fragments. */
export function expectBadRequest(body: unknown, ...fragments: string[]): void {
  const anyText: unknown = expect.any(String);
  expect(body).toEqual({ statusCode: 400, error: 'Bad Request', message: anyText });
  for (const fragment of fragments) expect((body as { message: string }).message).toContain(fragment);
}
