// wrk, the load generator of the HTTP benchmarks: run, and its summary read back.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { commandOnPath, ensureCommand } from '../tools/runner/ensure-command';

export interface WrkResult {
  requests: number;
  perSecond: number;
  p99Ms: number;
  /** Non-2xx/3xx answers. */
  non2xx: number;
  /** Connect, read, write and timeout errors. */
  socketErrors: number;
  failures: number;
}

/** Debian's wrk, installed on the spot when running as root. */
export const wrkBinary = (log: (line: string) => void): string =>
  ensureCommand({ packageName: 'wrk', find: () => commandOnPath('wrk'), log });

function toMs(value: string, unit: string): number {
  const n = Number(value);
  if (unit === 'us') return n / 1000;
  if (unit === 's') return n * 1000;
  if (unit === 'm') return n * 60_000;
  return n;
}

/** Runs in the background: the caller's event loop goes on (a supervisor may restart a process meanwhile). */
export async function wrk(
  binary: string,
  options: { url: string; headers: Record<string, string>; seconds: number; connections: number },
): Promise<WrkResult> {
  const { url, headers, seconds, connections } = options;
  const args = [
    '-t2',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ];
  const { stdout: output } = await promisify(execFile)(binary, args, { encoding: 'utf8' });
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN);
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  if (!Number.isFinite(perSecond) || !p99) throw new Error(`could not read wrk's output:\n${output}`);
  return { requests, perSecond, p99Ms: toMs(p99[1] ?? '0', p99[2] ?? 'ms'), non2xx, socketErrors, failures: non2xx + socketErrors };
}
