import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isIPv6 } from 'node:net';
import { mediaTypeOf } from '../http/request-body';
import { pathOf } from '../http/url-path';
import { REQUEST_ID_HEADER } from '../logging/request-id';
import type { ServiceLog } from '../logging/service-log';
import { type ServiceMetrics, UNMATCHED_ROUTE } from '../metrics/service-metrics';
import type { ApiCallEntry } from './api-call-entry';
import { type CallerOrigins, callerAppOf, deviceTypeOf } from './caller-app';
import { loggedCallerOf, type PrincipalCarrier } from './logged-caller';
import { loggableBody, redactRawHeaders } from './redaction';
import { type LoggedTarget, loggedTargetOf } from './unlogged-params';

/** Probes and descriptions are not API calls: monitors would otherwise drown the statistics. */
const NOT_LOGGED = /^\/(health|_ping|docs|metrics)(\/|$|-json)/;

export interface RequestLogSink {
  record(entry: ApiCallEntry): void;
}

/** When a timed call started; 0 for calls nothing records (the clock, 0n for calls nothing times). */
const STARTED_AT = Symbol('teamfit.requestStartedAt');
const STARTED_HR = Symbol('teamfit.requestStartedHr');
/** A probe or a description (NOT_LOGGED): a debug line at most, never an API call. */
const IS_PROBE = Symbol('teamfit.requestIsProbe');
type TimedRequest = FastifyRequest & { [STARTED_AT]: number; [STARTED_HR]: bigint; [IS_PROBE]: boolean };

/** What is recorded of each call: the API-call log (statistics) when on, the service log's request line, the metrics. */
export interface RequestRecorders {
  /** The API-call log; undefined when REQUEST_LOG is off. */
  sink: RequestLogSink | undefined;
  log: ServiceLog;
  service: string;
  origins: CallerOrigins;
  /** Every call's duration by route, probes included; undefined in tests of the hooks alone. */
  metrics?: ServiceMetrics;
}

/** The route template a call took, or one label for every call no route took. */
function routeOf(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

/**
 * Every call gets its id back in `X-Request-Id` (on the raw response, so streamed downloads carry
 * it too), and is recorded, including the ones refused before a route runs (404, 401, bad JSON):
 * Fastify's request hooks see them all, a Nest interceptor would not. The request only pays for a
 * clock read when it starts; the log line and the API-call entry are made once the answer has
 * gone out, from one duration. Probes are debug lines and never API calls.
 */
export function registerRequestHooks(instance: FastifyInstance, recorders: RequestRecorders): void {
  const { sink, log, metrics } = recorders;
  const lines = log.isEnabled('log');
  const probeLines = log.isEnabled('debug');
  const recording = sink !== undefined || lines;
  if (!recording && metrics === undefined) {
    instance.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
      done();
    });
    return;
  }
  instance.decorateRequest(STARTED_AT, 0);
  instance.decorateRequest(STARTED_HR, 0n);
  instance.decorateRequest(IS_PROBE, false);
  instance.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    const probe = NOT_LOGGED.test(pathOf(request.url));
    const recorded = probe ? probeLines : recording;
    if (recorded || metrics !== undefined) (request as TimedRequest)[STARTED_HR] = process.hrtime.bigint();
    if (recorded) {
      const timed = request as TimedRequest;
      timed[STARTED_AT] = Date.now();
      timed[IS_PROBE] = probe;
    }
    done();
  });
  instance.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const timed = request as TimedRequest;
    if (timed[STARTED_HR] !== 0n) {
      const durationMs = Number(process.hrtime.bigint() - timed[STARTED_HR]) / 1e6;
      metrics?.observeRequest(request.method, routeOf(request), reply.statusCode, durationMs / 1000);
      if (timed[STARTED_AT] !== 0) record(recorders, lines, timed[IS_PROBE], request, reply, timed[STARTED_AT], durationMs);
    }
    done();
  });
}

/** Records a call the router refused before any hook ran (a path that is not valid percent-encoding). */
export type RefusedCallRecorder = (request: FastifyRequest, reply: FastifyReply) => void;

export function refusedCallRecorder(recorders: RequestRecorders): RefusedCallRecorder {
  const lines = recorders.log.isEnabled('log');
  const { metrics } = recorders;
  return (request, reply) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    const probe = NOT_LOGGED.test(pathOf(request.url));
    const recorded = probe ? recorders.log.isEnabled('debug') : recorders.sink !== undefined || lines;
    if (!recorded && metrics === undefined) return;
    const startedAt = Date.now();
    const startedHr = process.hrtime.bigint();
    reply.raw.once('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - startedHr) / 1e6;
      metrics?.observeRequest(request.method, UNMATCHED_ROUTE, reply.statusCode, durationMs / 1000);
      if (recorded) record(recorders, lines, probe, request, reply, startedAt, durationMs);
    });
  };
}

/** Probes arrive here only when debug lines are on. */
function record(
  recorders: RequestRecorders,
  lines: boolean,
  probe: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
  startedAt: number,
  durationMs: number,
): void {
  if (probe) {
    recorders.log.request('debug', Date.now(), request.id, request.method, pathOf(request.url), reply.statusCode, durationMs);
    return;
  }
  const target = loggedTargetOf(request);
  if (lines) recorders.log.request('log', Date.now(), request.id, request.method, pathOf(target.url), reply.statusCode, durationMs);
  recorders.sink?.record(apiCallEntry(request, target, reply, startedAt, durationMs, recorders));
}

function apiCallEntry(
  request: FastifyRequest,
  target: LoggedTarget,
  reply: FastifyReply,
  startedAt: number,
  processingTime: number,
  { service, origins }: RequestRecorders,
): ApiCallEntry {
  const startTime = new Date(startedAt);
  const remoteAddress = request.ip ?? request.socket.remoteAddress ?? null;
  const { method, headers } = request;
  // A Content-Length of 0 counts as a body, as it always has here.
  const hasBody = headers['transfer-encoding'] !== undefined || headers['content-length'] !== undefined;
  const logsBody = (method === 'POST' || method === 'PUT') && hasBody && mediaTypeOf(headers['content-type']) === 'application/json';
  // The guard's verified token, read from the request it was put on: no lookup, no round trip.
  const caller = loggedCallerOf(request as PrincipalCarrier);
  return {
    service,
    startTime,
    endTime: new Date(startedAt + processingTime),
    processingTime: Math.round(processingTime * 1000) / 1000,
    method,
    url: target.url,
    httpVersion: request.raw.httpVersion,
    statusCode: reply.statusCode,
    remoteAddress,
    // Node's isIPv6 is one large regular expression; an address without a colon is never IPv6.
    remoteFamily: remoteAddress === null ? null : remoteAddress.includes(':') && isIPv6(remoteAddress) ? 'IPv6' : 'IPv4',
    callerApp: callerAppOf(headers, origins),
    deviceType: deviceTypeOf(headers['user-agent']),
    rawHeaders: redactRawHeaders(request.raw.rawHeaders),
    body: logsBody ? loggableBody(request.body) : null,
    // The not-found route's wildcard is not a parameter of the call.
    params: request.is404 ? {} : target.params,
    query: { ...(request.query as Record<string, unknown> | null) },
    callerKind: caller.callerKind,
    callerId: caller.callerId,
  };
}
