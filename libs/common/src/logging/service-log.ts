import type { LoggerService, LogLevel } from '@nestjs/common';
import { activeTraceIds, type TraceIds } from '@teamfit/tracing';
import { inspect } from 'node:util';
import { formatMessageLine, formatRequestLine, type LineLevel, type LogFormat, type MessageLine } from './log-line';

/** Where lines go; process.stdout unless a test or a benchmark says otherwise. */
export interface LogOutput {
  write(text: string): unknown;
}

export interface ServiceLogOptions {
  service: string;
  /** The most detailed level written (Nest's names: `log` is info). */
  level: Exclude<LogLevel, 'fatal'>;
  format: LogFormat;
  output?: LogOutput;
  /**
   * The trace and span a line is written in: @teamfit/tracing's, which answers nothing, at once,
   * while tracing is off. A request's line and the lines written while it runs carry them.
   */
  traceIds?: () => TraceIds | undefined;
}

const RANK: Readonly<Record<LogLevel, number>> = { fatal: 0, error: 1, warn: 2, log: 3, debug: 4, verbose: 5 };
const LINE_LEVEL: Readonly<Record<LogLevel, LineLevel>> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'verbose',
};

/** Past this many pending characters a batch is written at once rather than at the end of the tick. */
const MAX_PENDING = 64 * 1024;

/** Logs with lines still pending, written synchronously if the process exits before their turn. */
const pendingLogs = new Set<ServiceLog>();
let exitHookInstalled = false;

/**
 * A service's log: JSON lines (or a human format) on one stream, errors included, so their order
 * is the order of events. Lines are collected during a tick of the event loop and written
 * together after it: under load one write carries many requests' lines instead of one system
 * call each. Errors are written at once.
 *
 * It is also the Nest logger of the application, so framework and service messages
 * (`new Logger('Context').warn(...)`) come out in the same shape.
 */
export class ServiceLog implements LoggerService {
  readonly service: string;
  readonly format: LogFormat;
  private readonly output: LogOutput;
  private readonly maxRank: number;
  private readonly traceIds: () => TraceIds | undefined;
  private pending = '';
  private scheduled = false;

  constructor(options: ServiceLogOptions) {
    this.service = options.service;
    this.format = options.format;
    this.output = options.output ?? process.stdout;
    this.maxRank = RANK[options.level];
    this.traceIds = options.traceIds ?? activeTraceIds;
  }

  isEnabled(level: LogLevel): boolean {
    return RANK[level] <= this.maxRank;
  }

  /**
   * One line per answered request, at `level` (info, or debug for probes). Callers check
   * `isEnabled` first, so a quiet log costs a comparison.
   */
  request(level: 'log' | 'debug', time: number, requestId: string, method: string, path: string, status: number, durationMs: number): void {
    this.append(
      formatRequestLine(this.format, time, LINE_LEVEL[level], this.service, requestId, method, path, status, durationMs, this.traceIds()),
      false,
    );
  }

  /** A message, with the request it belongs to when there is one. */
  message(level: LogLevel, fields: Omit<MessageLine, 'service' | 'time' | 'level' | 'traceId' | 'spanId'>): void {
    if (!this.isEnabled(level)) return;
    this.append(
      formatMessageLine({ ...fields, ...this.traceIds(), time: Date.now(), level: LINE_LEVEL[level], service: this.service }, this.format),
      RANK[level] <= RANK.error,
    );
  }

  /** Writes whatever is pending now (shutdown, tests). */
  flush(): void {
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    pendingLogs.delete(this);
    this.output.write(text);
  }

  // Nest's LoggerService: `new Logger('Context').log(message)` arrives as log(message, 'Context');
  // error(message, stack, 'Context') carries a stack.
  log(message: unknown, ...params: unknown[]): void {
    this.fromNest('log', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.fromNest('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.fromNest('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.fromNest('verbose', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.fromNest('error', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.fromNest('fatal', message, params);
  }

  private fromNest(level: LogLevel, message: unknown, params: unknown[]): void {
    if (!this.isEnabled(level)) return;
    const last = params.at(-1);
    const context = params.length > 0 && typeof last === 'string' && !looksLikeStack(last) ? last : undefined;
    let stack = params.find((param): param is string => typeof param === 'string' && looksLikeStack(param));
    let text: string;
    if (message instanceof Error) {
      text = message.message;
      stack ??= message.stack;
    } else {
      text = typeof message === 'string' ? message : inspect(message, { breakLength: Infinity, depth: 4 });
    }
    this.message(level, { message: text, context, stack });
  }

  private append(text: string, now: boolean): void {
    this.pending += text;
    if (now || this.pending.length >= MAX_PENDING) {
      this.flush();
      return;
    }
    pendingLogs.add(this);
    installExitHook();
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.flush();
      });
    }
  }
}

const looksLikeStack = (text: string): boolean => /\n\s+at /.test(text);

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const log of pendingLogs) log.flush();
  });
}
