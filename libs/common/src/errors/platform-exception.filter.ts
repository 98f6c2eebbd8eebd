import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { DomainError } from './domain-error';
import { isDatabaseUnavailable } from '@teamfit/database';
import { type ErrorBody, toErrorBody } from './error-body';

const logger = new Logger('PlatformExceptionFilter');

/**
 * Seconds a client should wait before retrying a 503: about what a restarting PostgreSQL or a
 * reconnecting pool takes, short enough that a retrying client resumes promptly.
 */
export const RETRY_AFTER_SECONDS = 2;

/** Writes the platform body; an unexpected failure gets an errorId that is both logged and returned. */
export function sendError(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const body: ErrorBody = toErrorBody(exception);
  if ((exception instanceof DomainError && body.statusCode >= 500) || body.statusCode === 503) {
    // An expected outage (mail server down, database restarting): worth a line, not an incident id.
    logger.warn(`${request.method} ${request.url}: ${outageReason(exception)}`);
  } else if (body.statusCode >= 500) {
    body.errorId = randomUUID();
    const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
    logger.error(`errorId=${body.errorId} ${request.method} ${request.url}: ${detail}`);
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
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }
}
