import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id from outside may look like: a plain token that is safe in a header, a log line and a body. */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The id of a request: the gateway's `X-Request-Id` when it is a sane token, else a new UUID (a
 * direct call, or a header that could smuggle text into logs). Fastify calls it once per request
 * (`genReqId`) and keeps the result as `request.id`.
 */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}
