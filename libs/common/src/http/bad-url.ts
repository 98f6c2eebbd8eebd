import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors/error-body';
import { weakEtagOf } from './response-conventions.hook';
import { pathOf } from './url-path';

/** The first path segment that is not valid percent-encoding, as the client wrote it. */
export function undecodableSegmentOf(url: string): string {
  const path = pathOf(url);
  for (const segment of path.split('/')) {
    try {
      decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }
  return path;
}

type FrameworkErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Answers what the router refuses before any route or hook runs: a path that is not valid
 * percent-encoding is a 400 naming the segment, in the platform body. No hook runs for these
 * answers, so their ETag is set here and `observe` (the API-call log) is told of them.
 */
export function frameworkErrorHandler(
  observe: () => ((request: FastifyRequest, reply: FastifyReply) => void) | undefined,
): FrameworkErrorHandler {
  return (error, request, reply) => {
    const body =
      error.code === 'FST_ERR_BAD_URL'
        ? errorBody(400, `Failed to decode param '${undecodableSegmentOf(request.raw.url ?? '')}'`)
        : errorBody(error.statusCode ?? 400, error.message);
    observe()?.(request, reply);
    const json = JSON.stringify(body);
    void reply.code(body.statusCode).type('application/json; charset=utf-8').header('etag', weakEtagOf(json)).send(json);
  };
}
