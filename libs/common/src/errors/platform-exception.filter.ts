import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../http/url-path';
import type { ServiceLog } from '../logging/service-log';
import { DomainError } from './domain-error';
import { isDatabaseUnavailable } from '@teamfit/database';
import { type ErrorBody, toErrorBody } from './error-body';

/**
 * Seconds a client should wait before retrying a 503: about what a restarting PostgreSQL or a
 * reconnecting pool takes, short enough that a retrying client resumes promptly.
 */
export const RETRY_AFTER_SECONDS = 2;

/**
 * Writes the platform body. An unexpected failure's `errorId` is the request's id (the gateway's
 * X-Request-Id), so the answer, the error line with its stack and the request line tie together.
 */
export function sendError(exception: unknown, request: FastifyRequest, reply: FastifyReply, log: ServiceLog): void {
  const body: ErrorBody = toErrorBody(exception);
  const where = { requestId: request.id, method: request.method, path: pathOf(request.url) };
  if ((exception instanceof DomainError && body.statusCode >= 500) || body.statusCode === 503) {
    // An expected outage (mail server down, database restarting): worth a line, not an incident id.
    log.message('warn', { ...where, message: outageReason(exception) });
  } else if (body.statusCode >= 500) {
    body.errorId = request.id;
    const message = exception instanceof Error ? exception.message : String(exception);
    const stack = exception instanceof Error ? exception.stack : undefined;
    log.message('error', { ...where, errorId: body.errorId, message, stack });
  }
  if (reply.sent || reply.raw.headersSent) {
    if (!reply.raw.writableEnded) reply.raw.end();
    return;
  }
  if (body.statusCode === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  void reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
}

function outageReason(exception: unknown): string {
  const message = exception instanceof Error ? exception.message : String(exception);
  return isDatabaseUnavailable(exception) ? `database unavailable (${message})` : message;
}

/**
 * The one place errors become HTTP: route failures, and also what fails before a route runs
 * (unknown route, body parsing), which Nest hands to the global filters as well.
 */
@Catch()
export class PlatformExceptionFilter implements ExceptionFilter {
  constructor(private readonly log: ServiceLog) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), this.log);
  }
}
