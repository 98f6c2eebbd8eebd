import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { DomainError } from './domain-error';
import { type ErrorBody, toErrorBody } from './error-body';

const logger = new Logger('PlatformExceptionFilter');

/** Writes the platform body; an unexpected failure gets an errorId that is both logged and returned. */
export function sendError(exception: unknown, request: Request, response: Response): void {
  const body: ErrorBody = toErrorBody(exception);
  if (exception instanceof DomainError && body.statusCode >= 500) {
    // An expected outage (mail server down): worth a line, not an incident id.
    logger.warn(`${request.method} ${request.originalUrl}: ${exception.message}`);
  } else if (body.statusCode >= 500) {
    body.errorId = randomUUID();
    const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
    logger.error(`errorId=${body.errorId} ${request.method} ${request.originalUrl}: ${detail}`);
  }
  if (response.headersSent) {
    response.end();
    return;
  }
  response.status(body.statusCode).json(body);
}

@Catch()
export class PlatformExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(exception, http.getRequest<Request>(), http.getResponse<Response>());
  }
}

/** Express error middleware for failures raised before Nest's router (body parsing). */
export function expressErrorHandler(error: unknown, request: Request, response: Response, next: NextFunction): void {
  if (response.headersSent) {
    next(error);
    return;
  }
  sendError(error, request, response);
}
