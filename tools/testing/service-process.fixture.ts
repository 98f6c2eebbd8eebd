import type { KeyPairPem } from '@teamfit/auth';
import type { ServiceName } from '@teamfit/common';
import { freePort } from '@teamfit/gateway';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serviceProcess } from '../runner/service-process';

const ROOT = path.resolve(__dirname, '../..');

export interface ServiceProcess {
  url: string;
  /** The process id, to read its memory from /proc. */
  pid: number;
  child: ChildProcess;
  /** What the process wrote to stderr, for a failure's message. */
  output(): string;
  /** What it wrote to stdout (its log lines), when started with `{ stdout: true }`. */
  stdout(): string;
  /** SIGKILL: no shutdown hook runs, open transactions are cut off. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A service as `npm start` runs it: the built code (`npm test` builds first) in a process of its
 * own, on a free port, which a test can kill like a crash.
 */
export async function startServiceProcess(
  name: ServiceName,
  databaseUrl: string,
  keys: KeyPairPem,
  extraEnv: Record<string, string> = {},
  options: { stdout?: boolean } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  const { args, env } = serviceProcess(
    name,
    { databaseUrl, smtpUrl: 'smtp://127.0.0.1:1', keys, distRoot: path.join(ROOT, 'dist'), repositoryRoot: ROOT, port },
    { ...process.env, LOG_LEVEL: 'error', LOG_FORMAT: 'json', ...extraEnv },
  );
  // An IPC channel: should the test process die, the service does not outlive it.
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', options.stdout ? 'pipe' : 'ignore', 'pipe', 'ipc'] });
  let output = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): ${output}`);
    const healthy = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`${name} did not answer /health within 30 s: ${output}`);
    await sleep(25);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name} has no process id: ${output}`);
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, pid, child, output: () => output, stdout: () => stdout, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

const kibOf = (status: string, field: 'VmRSS' | 'VmHWM'): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!match?.[1]) throw new Error(`no ${field} in /proc/<pid>/status`);
  return Number(match[1]) * 1024;
};

/**
 * How far the process's resident memory rose above where it stood while `work` ran: the kernel's
 * peak (VmHWM), reset first, so no sampling can miss a spike. Linux only, as the platform is.
 */
export async function peakRssGrowth<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  // "5" resets the peak to the current resident size (proc(5), clear_refs).
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = kibOf(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
  const result = await work();
  const peak = kibOf(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmHWM');
  return { result, growth: peak - before };
}
