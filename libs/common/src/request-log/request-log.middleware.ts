import type { NextFunction, Request, Response } from 'express';
import { isIPv6 } from 'node:net';
import type { ApiCallEntry } from './api-call-entry';
import { type CallerOrigins, callerAppOf, deviceTypeOf } from './caller-app';
import { loggableBody, redactRawHeaders } from './redaction';

/** Probes and descriptions are not API calls: monitors would otherwise drown the statistics. */
const NOT_LOGGED = /^\/(health|_ping|docs)(\/|$|-json)/;

export interface RequestLogSink {
  record(entry: ApiCallEntry): void;
}

/**
 * Records every call, including the ones refused before a route runs (404, 401, bad JSON): an
 * Express middleware sees them all, a Nest interceptor would not.
 */
export function requestLogMiddleware(sink: RequestLogSink, service: string, origins: CallerOrigins, now: () => Date = () => new Date()) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (NOT_LOGGED.test(request.path)) {
      next();
      return;
    }
    const startTime = now();
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      const processingTime = Number(process.hrtime.bigint() - started) / 1e6;
      const remoteAddress = request.ip ?? request.socket.remoteAddress ?? null;
      const logsBody = (request.method === 'POST' || request.method === 'PUT') && request.is('application/json') === 'application/json';
      sink.record({
        service,
        startTime,
        endTime: new Date(startTime.getTime() + processingTime),
        processingTime: Math.round(processingTime * 1000) / 1000,
        method: request.method,
        url: request.originalUrl,
        httpVersion: request.httpVersion,
        statusCode: response.statusCode,
        remoteAddress,
        remoteFamily: remoteAddress === null ? null : isIPv6(remoteAddress) ? 'IPv6' : 'IPv4',
        callerApp: callerAppOf(request.headers, origins),
        deviceType: deviceTypeOf(request.headers['user-agent']),
        rawHeaders: redactRawHeaders(request.rawHeaders),
        body: logsBody ? loggableBody(request.body) : null,
        params: { ...(request.params as Record<string, unknown>) },
        query: { ...(request.query as Record<string, unknown>) },
      });
    });
    next();
  };
}
