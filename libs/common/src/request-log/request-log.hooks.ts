import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isIPv6 } from 'node:net';
import { mediaTypeOf } from '../http/request-body';
import type { ApiCallEntry } from './api-call-entry';
import { type CallerOrigins, callerAppOf, deviceTypeOf } from './caller-app';
import { loggableBody, redactRawHeaders } from './redaction';

/** Probes and descriptions are not API calls: monitors would otherwise drown the statistics. */
const NOT_LOGGED = /^\/(health|_ping|docs)(\/|$|-json)/;

export interface RequestLogSink {
  record(entry: ApiCallEntry): void;
}

/** When a logged call started; 0 for calls that are not logged. */
const STARTED_AT = Symbol('teamfit.requestLogStartedAt');
const STARTED_HR = Symbol('teamfit.requestLogStartedHr');
type TimedRequest = FastifyRequest & { [STARTED_AT]: number; [STARTED_HR]: bigint };

const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * Records every call, including the ones refused before a route runs (404, 401, bad JSON):
 * Fastify's request hooks see them all, a Nest interceptor would not. The request only pays for
 * a clock read when it starts; the entry is built once the answer has gone out.
 */
export function registerRequestLogHooks(instance: FastifyInstance, sink: RequestLogSink, service: string, origins: CallerOrigins): void {
  instance.decorateRequest(STARTED_AT, 0);
  instance.decorateRequest(STARTED_HR, 0n);
  instance.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    if (!NOT_LOGGED.test(pathOf(request.url))) {
      const timed = request as TimedRequest;
      timed[STARTED_AT] = Date.now();
      timed[STARTED_HR] = process.hrtime.bigint();
    }
    done();
  });
  instance.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const timed = request as TimedRequest;
    if (timed[STARTED_AT] !== 0) sink.record(apiCallEntry(timed, reply, timed[STARTED_AT], timed[STARTED_HR], service, origins));
    done();
  });
}

/** Records a call the router refused before any hook ran (a path that is not valid percent-encoding). */
export type RefusedCallRecorder = (request: FastifyRequest, reply: FastifyReply) => void;

export function refusedCallRecorder(sink: RequestLogSink, service: string, origins: CallerOrigins): RefusedCallRecorder {
  return (request, reply) => {
    if (NOT_LOGGED.test(pathOf(request.url))) return;
    const startedAt = Date.now();
    const startedHr = process.hrtime.bigint();
    reply.raw.once('finish', () => sink.record(apiCallEntry(request, reply, startedAt, startedHr, service, origins)));
  };
}

function apiCallEntry(request: FastifyRequest, reply: FastifyReply, startedAt: number, startedHr: bigint, service: string, origins: CallerOrigins): ApiCallEntry {
  const processingTime = Number(process.hrtime.bigint() - startedHr) / 1e6;
  const startTime = new Date(startedAt);
  const remoteAddress = request.ip ?? request.socket.remoteAddress ?? null;
  const { method, headers } = request;
  // A Content-Length of 0 counts as a body, as it always has here.
  const hasBody = headers['transfer-encoding'] !== undefined || headers['content-length'] !== undefined;
  const logsBody = (method === 'POST' || method === 'PUT') && hasBody && mediaTypeOf(headers['content-type']) === 'application/json';
  return {
    service,
    startTime,
    endTime: new Date(startedAt + processingTime),
    processingTime: Math.round(processingTime * 1000) / 1000,
    method,
    url: request.url,
    httpVersion: request.raw.httpVersion,
    statusCode: reply.statusCode,
    remoteAddress,
    remoteFamily: remoteAddress === null ? null : isIPv6(remoteAddress) ? 'IPv6' : 'IPv4',
    callerApp: callerAppOf(headers, origins),
    deviceType: deviceTypeOf(headers['user-agent']),
    rawHeaders: redactRawHeaders(request.raw.rawHeaders),
    body: logsBody ? loggableBody(request.body) : null,
    // The not-found route's wildcard is not a parameter of the call.
    params: request.is404 ? {} : { ...(request.params as Record<string, unknown> | null) },
    query: { ...(request.query as Record<string, unknown> | null) },
  };
}
