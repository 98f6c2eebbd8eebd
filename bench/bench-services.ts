// The platform's pieces as the HTTP benchmarks run them: service processes started the way
// `npm start` starts them, an evaluation to read, and the real gateway with its per-address rate
// limits lifted (from one address they would measure the limit, 10 r/s, not the gateway).
import { generateKeyPair, type KeyPairPem, TokenSigner } from '@teamfit/auth';
import type { ServiceName } from '@teamfit/common';
import {
  ACCESS_LOG_FORMAT,
  DEFAULT_ADMIN_APP_ORIGIN,
  freePort,
  type LocalGateway,
  renderLocalGatewayConfig,
  startNginx,
  withoutRateLimits,
} from '@teamfit/gateway';
import { TEST_ADMIN_ACCOUNT } from '@teamfit/platform/testing';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ManagedChild, spawnManaged } from '../tools/runner/child-process';
import { serviceProcess } from '../tools/runner/service-process';
import { waitForHealth } from '../tools/runner/service-health';
import { scratchDatabase } from './bench-kit';
import { callJson, expectStatus, keepAliveAgent } from './bench-support';

const DIST_ROOT = path.resolve(__dirname, '..');
const REPOSITORY_ROOT = path.resolve(DIST_ROOT, '..');

export interface BenchBasics {
  databaseUrl: string;
  /** PostgreSQL's postmaster, when the benchmark started it (processFamilyCpuNs). */
  postgresPid: number | undefined;
  keys: KeyPairPem;
  /** An administrator's account token, valid for an hour, and its Authorization header. */
  admin: string;
  auth: Record<string, string>;
}

/** A migrated scratch database (stopped by `cleanups`), a new key pair and an administrator's token. */
export async function benchBasics(cleanups: Array<() => Promise<void> | void>): Promise<BenchBasics> {
  const database = await scratchDatabase();
  cleanups.push(() => database.stop());
  const keys = generateKeyPair();
  // The test administrator scratchDatabase seeds: services read a token's rights from its account.
  const admin = new TokenSigner({ ...keys, issuer: 'teamfit', audience: 'teamfit-api' }).sign(
    { sub: TEST_ADMIN_ACCOUNT.id, kind: 'account', emailAddress: TEST_ADMIN_ACCOUNT.emailAddress, isAdmin: true },
    3600,
  );
  return { databaseUrl: database.url, postgresPid: database.serverPid, keys, admin, auth: { authorization: `Bearer ${admin}` } };
}

/**
 * One service process on `port`, started as `npm start` starts it; `nodeArgs` go before the script
 * (e.g. --cpu-prof); `distRoot`: another built checkout's dist/, to run that version instead, started
 * as that version starts its services (its own tools/runner/service-process.js) and on the Node
 * binary BENCH_BASE_NODE names (this benchmark's own Node by default).
 */
export function spawnBenchService(
  name: ServiceName,
  settings: { databaseUrl: string; keys: KeyPairPem; port: number; index: number; nodeArgs?: string[]; distRoot?: string },
): ManagedChild {
  const distRoot = settings.distRoot ?? DIST_ROOT;
  const other = settings.distRoot !== undefined && path.resolve(settings.distRoot) !== DIST_ROOT;
  const processOf = other ? otherVersionsServiceProcess(distRoot) : serviceProcess;
  const { args, env } = processOf(
    name,
    {
      databaseUrl: settings.databaseUrl,
      smtpUrl: 'smtp://127.0.0.1:1',
      keys: settings.keys,
      distRoot,
      repositoryRoot: path.dirname(distRoot),
      port: settings.port,
    },
    { ...process.env, LOG_LEVEL: 'error', MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'teamfit-bench-media-')) },
  );
  const node = other ? (process.env['BENCH_BASE_NODE'] ?? process.execPath) : process.execPath;
  // With an IPC channel, as under `npm start`: the process ends when the benchmark does, however it ends.
  return spawnManaged(name, settings.index, node, [...(settings.nodeArgs ?? []), ...args], env, { ipc: true });
}

/** How the built checkout at `distRoot` starts a service: its own compiled serviceProcess. */
function otherVersionsServiceProcess(distRoot: string): typeof serviceProcess {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- another checkout's module, known only at run time
  const loaded = require(path.join(distRoot, 'tools', 'runner', 'service-process.js')) as { serviceProcess: typeof serviceProcess };
  return loaded.serviceProcess;
}

export interface StartedBenchService {
  url: string;
  port: number;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** spawnBenchService on a free port, stopped by `cleanups` (or earlier by stop()), once it answers /health. */
export async function startBenchService(
  name: ServiceName,
  settings: { databaseUrl: string; keys: KeyPairPem; index: number; nodeArgs?: string[]; distRoot?: string },
  cleanups: Array<() => Promise<void> | void>,
): Promise<StartedBenchService> {
  const port = await freePort();
  const child = spawnBenchService(name, { ...settings, port });
  cleanups.push(() => child.stop());
  await waitForHealth(port, 30_000, name);
  return { url: `http://127.0.0.1:${port}`, port, pid: child.process.pid, stop: () => child.stop() };
}

/** One persona with an evaluation under way against a team (the hub's most frequent read); its id. */
export async function evaluationToRead(urls: { profile: string; evaluation: string }, admin: string): Promise<string> {
  const agent = keepAliveAgent();
  const persona = expectStatus(
    await callJson('POST', `${urls.profile}/persona`, {
      agent,
      token: admin,
      body: { user_id: randomUUID(), role: 'Engineer', description: 'bench', user: { firstName: 'Bench' } },
    }),
    201,
    'persona',
  );
  const team = expectStatus(
    await callJson('POST', `${urls.evaluation}/algorithm/teams`, { agent, token: admin, body: { name: 'Bench', memberPersonaIds: [] } }),
    201,
    'team',
  );
  const evaluation = expectStatus(
    await callJson('POST', `${urls.evaluation}/evaluation`, {
      agent,
      token: admin,
      body: { personaId: persona['id'], teamId: team['id'] },
    }),
    201,
    'evaluation',
  );
  agent.destroy();
  return String(evaluation['id']);
}

export interface BenchGateway {
  url: string;
  stop(): Promise<void>;
  /** With `timeline`: one line per request, `<epoch seconds> <status> <upstream addresses> <upstream statuses>`, read after stop(). */
  timeline(): string[];
}

/**
 * The real gateway without its rate limits. `timeline` logs every request with the instances
 * nginx tried (several when it retried), which the gateway otherwise does not log.
 */
export async function startBenchGateway(
  upstream: LocalGateway['upstream'],
  options: {
    timeline?: boolean;
    /** Keep the per-address rate limits (clients then need addresses of their own). */
    rateLimits?: boolean;
    /** Changes the rendered configuration, e.g. to run an earlier setting side by side. */
    transform?: (config: string) => string;
    /** Origins whose pages may call the gateway; the admin app's default origin unless given. */
    corsOrigins?: readonly string[];
  } = {},
): Promise<BenchGateway> {
  const runDir = mkdtempSync(path.join(tmpdir(), 'teamfit-bench-gateway-'));
  const port = await freePort();
  const logFile = path.join(runDir, 'timeline.log');
  const rendered = renderLocalGatewayConfig(REPOSITORY_ROOT, {
    listen: `127.0.0.1:${port}`,
    upstream,
    runDir,
    accessLog: options.timeline ? logFile : 'off',
    corsOrigins: options.corsOrigins ?? [DEFAULT_ADMIN_APP_ORIGIN],
  });
  let config = (options.transform ?? ((text: string) => text))(options.rateLimits ? rendered : withoutRateLimits(rendered));
  if (options.timeline)
    config = config.replace(
      `access_log ${logFile} ${ACCESS_LOG_FORMAT};`,
      `log_format timeline '$msec $status $upstream_addr $upstream_status'; access_log ${logFile} timeline buffer=256k flush=1s;`,
    );
  const nginx = await startNginx({ config, runDir, port });
  let lines: string[] = [];
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await nginx.stop();
      if (options.timeline) lines = readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
      rmSync(runDir, { recursive: true, force: true });
    },
    timeline: () => lines,
  };
}
