/**
 * The two shapes of a log line, as JSON (one object per line) or for people. Built by hand: a
 * request line is written on every call, and concatenating its few fixed fields costs about half
 * of building an object and `JSON.stringify`-ing it (bench:request-log prints both).
 */

import type { TraceIds } from '@teamfit/tracing';

export type LogFormat = 'json' | 'pretty';

/** Names as they appear in lines; Nest's `log` level is `info` there. */
export type LineLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'verbose';

/** Characters a JSON string cannot hold as they are (quotes, backslash, controls, lone surrogates). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
const NEEDS_ESCAPING = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `value` as a JSON string literal; ordinary text (the usual path, id or method) is just quoted. */
export function jsonString(value: string): string {
  return NEEDS_ESCAPING.test(value) ? JSON.stringify(value) : `"${value}"`;
}

/** The inside of `value`'s JSON string literal: the text itself, unless it needs escaping (no copy then). */
function jsonText(value: string): string {
  return NEEDS_ESCAPING.test(value) ? JSON.stringify(value).slice(1, -1) : value;
}

/** Time stamps repeat within a millisecond under load: the ISO text is made once per millisecond. */
let lastMs = -1;
let lastIso = '';
export function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

export interface MessageLine {
  time: number;
  level: LineLevel;
  service: string;
  message: string;
  context?: string;
  requestId?: string;
  errorId?: string;
  method?: string;
  path?: string;
  stack?: string;
  /** The trace and span the line was written in, when tracing is on (docs/operations.md, "Traces"). */
  traceId?: string;
  spanId?: string;
}

const rounded = (ms: number): number => Math.round(ms * 1000) / 1000;

/**
 * One answered request. Positional, so a request allocates nothing but the line itself. Service
 * and level are the platform's own words and the method a token Node's parser checked: only the
 * request id and the path can need escaping. With tracing on, the JSON line ends with the trace and
 * span ids (hex, nothing to escape); without, it is the line it always was.
 */
export function formatRequestLine(
  format: LogFormat,
  time: number,
  level: LineLevel,
  service: string,
  requestId: string,
  method: string,
  path: string,
  status: number,
  durationMs: number,
  trace?: TraceIds,
): string {
  if (format === 'pretty') {
    return `${isoTime(time)} ${level.toUpperCase()} ${service} ${method} ${path} ${status} ${rounded(durationMs)} ms [${requestId}]\n`;
  }
  return (
    `{"time":"${isoTime(time)}","level":"${level}","service":"${service}","requestId":"${jsonText(requestId)}",` +
    `"method":"${method}","path":"${jsonText(path)}","status":${status},"durationMs":${rounded(durationMs)}` +
    (trace === undefined ? '}\n' : `,"traceId":"${trace.traceId}","spanId":"${trace.spanId}"}\n`)
  );
}

const OPTIONAL_FIELDS = ['context', 'requestId', 'errorId', 'method', 'path', 'stack', 'traceId', 'spanId'] as const;

export function formatMessageLine(line: MessageLine, format: LogFormat): string {
  if (format === 'pretty') {
    const context = line.context === undefined ? '' : `[${line.context}] `;
    const request = line.requestId === undefined ? '' : ` [${line.requestId}]`;
    const where = line.method === undefined ? '' : `${line.method} ${line.path ?? ''}: `;
    const stack = line.stack === undefined ? '' : `\n${line.stack}`;
    return `${isoTime(line.time)} ${line.level.toUpperCase()} ${line.service} ${context}${where}${line.message}${request}${stack}\n`;
  }
  let text = `{"time":"${isoTime(line.time)}","level":"${line.level}","service":"${line.service}","message":${jsonString(line.message)}`;
  for (const field of OPTIONAL_FIELDS) {
    const value = line[field];
    if (value !== undefined) text += `,"${field}":${jsonString(value)}`;
  }
  return `${text}}\n`;
}
