// Small helpers for the benchmarks: a JSON-over-HTTP client with per-caller keep-alive agents
// (optionally bound to a loopback source address), latency statistics and a bounded worker pool.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface JsonResponse {
  status: number;
  body: unknown;
  /** Wall time from sending the request to the last byte of the answer. */
  ms: number;
}

export interface CallOptions {
  agent: http.Agent;
  token?: string;
  body?: object;
  timeoutMs?: number;
}

/** One keep-alive connection per caller; `localAddress` picks the loopback source address. */
export const keepAliveAgent = (localAddress?: string): http.Agent =>
  new http.Agent({ keepAlive: true, maxSockets: 1, ...(localAddress ? { localAddress } : {}) });

export function callJson(method: 'GET' | 'POST' | 'PUT', url: string, options: CallOptions): Promise<JsonResponse> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: options.agent, timeout: options.timeoutMs ?? 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started });
      });
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`${method} ${url} timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** Throws with the answer's body when the status is not the expected one. */
export function expectStatus(response: JsonResponse, status: number, what: string): Record<string, unknown> {
  if (response.status !== status) throw new Error(`${what}: ${response.status} instead of ${status}: ${JSON.stringify(response.body)}`);
  return response.body as Record<string, unknown>;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Completed requests per second of wall time. */
  perSecond: number;
}

/** Nearest-rank percentile of sorted samples. */
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

export function summarise(samples: number[], wallMs: number): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    perSecond: (sorted.length / wallMs) * 1000,
  };
}

/** Runs `total` calls of `task`, at most `concurrency` at a time (worker 0..concurrency-1); returns each call's latency. */
export async function runPool(
  total: number,
  concurrency: number,
  task: (index: number, worker: number) => Promise<number>,
): Promise<{ samples: number[]; wallMs: number }> {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async (_, worker) => {
      while (next < total) {
        const index = next;
        next += 1;
        samples.push(await task(index, worker));
      }
    }),
  );
  return { samples, wallMs: performance.now() - started };
}

/** Spaces a caller's requests at least `intervalMs` apart (start to start). */
export function pacer(intervalMs: number): () => Promise<void> {
  let nextSlot = 0;
  return async () => {
    const wait = nextSlot - performance.now();
    if (wait > 0) await sleep(wait);
    nextSlot = performance.now() + intervalMs;
  };
}

export const fmt = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

/** At most `limit` holders at a time. */
export function semaphore(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    while (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

/** Resolves with the promise, or rejects after `ms` (a cleanup that hangs must not hang the run). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * CPU time a process has used so far (user + system), in ms, from /proc. Per request it is a
 * steadier figure than latency on a shared machine: other load delays a request but does not
 * make the service spend more CPU on it.
 */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at state, field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat times: 100 on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
