import type { KeyPairPem } from '@teamfit/auth';
import type { ServiceName } from '@teamfit/common';
import { freePort } from '@teamfit/gateway';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serviceProcess } from '../../../tools/runner/service-process';

const ROOT = path.resolve(__dirname, '../../..');

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** What the process wrote to stderr, for a failure's message. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, open transactions are cut off. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A service as `npm start` runs it: the built code (`npm test` builds first) in a process of its
 * own, on a free port, which a test can kill like a crash.
 */
export async function startServiceProcess(name: ServiceName, databaseUrl: string, keys: KeyPairPem): Promise<ServiceProcess> {
  const port = await freePort();
  const { args, env } = serviceProcess(
    name,
    { databaseUrl, smtpUrl: 'smtp://127.0.0.1:1', keys, distRoot: path.join(ROOT, 'dist'), repositoryRoot: ROOT, port },
    { ...process.env, LOG_LEVEL: 'error', LOG_FORMAT: 'json' },
  );
  // An IPC channel: should the test process die, the service does not outlive it.
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; ) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): ${output}`);
    const healthy = await fetch(`${url}/health`).then((response) => response.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`${name} did not answer /health within 30 s: ${output}`);
    await sleep(100);
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, child, output: () => output, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}
