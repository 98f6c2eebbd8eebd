import { SERVICES } from '@teamfit/common';
import { freePort, isPortFree } from '@teamfit/gateway';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

// These tests run the built platform (`npm test` builds first), as `npm start` does.
const ROOT = path.resolve(__dirname, '../../..');
const RUNNER = path.join(ROOT, 'dist', 'tools', 'runner', 'start.js');
const AUTH_MAIN = path.join(ROOT, 'dist', 'apps', 'auth', 'src', 'main.js');

interface RunnerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function spawnRunner(env: Record<string, string>): RunnerProcess {
  const child = spawn(process.execPath, [RUNNER], { env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/root', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForOutput(runner: RunnerProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(runner.output())) {
    if (Date.now() > deadline || runner.child.exitCode !== null) throw new Error(`no ${String(pattern)} in runner output:\n${runner.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const childrenOf = (pid: number): Array<{ pid: number; args: string }> =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [, childPid, args] = /^\s*(\d+)\s+(.*)$/.exec(line) ?? [];
      return { pid: Number(childPid), args: args ?? '' };
    });

const servicePortsFree = async () => (await Promise.all(Object.values(SERVICES).map(({ port }) => isPortFree(port)))).every(Boolean);

describe('service entry point', () => {
  it('stops with one clear line when a required setting is missing', () => {
    expect(existsSync(AUTH_MAIN)).toBe(true);
    let failure: { status: number | null; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, [AUTH_MAIN], { env: { PATH: process.env['PATH'] ?? '' }, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      failure = error as { status: number | null; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toBe('[auth] invalid configuration: DATABASE_URL is required\n');
  });
});

describe('npm start (the local runner)', () => {
  let dataDir: string;
  let runnerEnv: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'teamfit-runner-'));
    chmodSync(dataDir, 0o755);
    runnerEnv = {
      DATA_DIR: dataDir,
      GATEWAY_PORT: String(await freePort()),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      MAILDEV_SMTP_PORT: String(await freePort()),
      MAILDEV_WEB_PORT: String(await freePort()),
    };
  });

  it('refuses to start when its port is taken, naming the port', async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '0.0.0.0', resolve));
    try {
      const runner = spawnRunner({ ...runnerEnv, GATEWAY_PORT: String(port) });
      expect(await runner.exited).toBe(1);
      expect(runner.output()).toContain(`port ${port} for the gateway (GATEWAY_PORT) is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('starts everything on embedded defaults, serves through the gateway, and stops cleanly on Ctrl-C', async () => {
    const runner = spawnRunner(runnerEnv);
    await waitForOutput(runner, /ready in/, 90_000);
    const gateway = `http://127.0.0.1:${runnerEnv['GATEWAY_PORT']}`;
    expect(await (await fetch(`${gateway}/health`)).text()).toBe('healthy\n');
    expect(await (await fetch(`${gateway}/profile/health`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${gateway}/evaluation/health/ready`)).json()).toEqual({ status: 'ok', database: 'ok' });
    expect((await fetch(`http://127.0.0.1:${runnerEnv['MAILDEV_WEB_PORT']}/`)).status).toBeLessThan(500);
    // The inbox API the README (and compose's MailDev of the same version) gives.
    const inbox = await fetch(`http://127.0.0.1:${runnerEnv['MAILDEV_WEB_PORT']}/api/email`);
    expect(inbox.status).toBe(200);
    expect(Array.isArray(await inbox.json())).toBe(true);

    // Leave a mark in the embedded database, to see it again after a restart.
    const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${runnerEnv['EMBEDDED_POSTGRES_PORT']}/teamfit`;
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('CREATE TABLE public.restart_mark (note text); INSERT INTO public.restart_mark VALUES ($$kept$$)');
    await client.end();

    runner.child.kill('SIGINT');
    expect(await runner.exited).toBe(0);
    expect(await servicePortsFree()).toBe(true);
    expect(await isPortFree(Number(runnerEnv['GATEWAY_PORT']))).toBe(true);
    expect(await isPortFree(Number(runnerEnv['EMBEDDED_POSTGRES_PORT']))).toBe(true);
    expect(await isPortFree(Number(runnerEnv['MAILDEV_SMTP_PORT']))).toBe(true);
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

    const again = spawnRunner(runnerEnv);
    await waitForOutput(again, /ready in/, 90_000);
    const reconnected = new Client({ connectionString: databaseUrl });
    await reconnected.connect();
    const rows = (await reconnected.query<{ note: string }>('SELECT note FROM public.restart_mark')).rows;
    await reconnected.end();
    expect(rows).toEqual([{ note: 'kept' }]);

    // A service that dies is reported, and the platform does not limp on without it.
    const evaluation = childrenOf(again.child.pid ?? 0).find((child) => child.args.includes(path.join('apps', 'evaluation')));
    expect(evaluation).toBeDefined();
    process.kill(evaluation?.pid ?? 0, 'SIGKILL');
    expect(await again.exited).toBe(1);
    expect(again.output()).toContain('the evaluation service exited unexpectedly (SIGKILL)');
    expect(await servicePortsFree()).toBe(true);
    // Two cold starts and stops of the whole platform: minutes on a loaded two-core machine.
  }, 240_000);
});
