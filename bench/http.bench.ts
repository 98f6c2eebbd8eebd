// The request path's cost, as a share of what this machine can serve at all: one load generator
// (wrk, 50 keep-alive connections) against a bare Node `http` server and against the services as
// `npm start` runs them (one process each, built code), straight to their ports and through the
// real gateway (its per-address rate limits lifted for this measurement only: from one address
// they would measure the limit). Bare Node is measured first and last; shares are of their mean.
// Run: npm run bench:http. BENCH_SECONDS (default 10) per measurement; loopback only.
// BENCH_CPU_PROF=<dir> writes a CPU profile of every service (node --cpu-prof) into <dir>;
// BENCH_ONLY=<regex> measures only the requests whose name matches (bare Node always).
import { TokenSigner, generateKeyPair } from '@teamfit/auth';
import { SERVICES, type ServiceName } from '@teamfit/common';
import { DEFAULT_ADMIN_APP_ORIGIN, freePort, renderLocalGatewayConfig, startNginx, waitForPort, withoutRateLimits } from '@teamfit/gateway';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnManaged } from '../tools/runner/child-process';
import { commandOnPath, ensureCommand } from '../tools/runner/ensure-command';
import { waitForHealth } from '../tools/runner/service-health';
import { serviceProcess } from '../tools/runner/service-process';
import { scratchDatabase } from './bench-kit';
import { callJson, expectStatus, keepAliveAgent } from './bench-support';

const DIST_ROOT = path.resolve(__dirname, '..');
const REPOSITORY_ROOT = path.resolve(DIST_ROOT, '..');
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CPU_PROFILE_DIR = process.env['BENCH_CPU_PROF'];
const CONNECTIONS = 50;
const SERVICES_UNDER_TEST: ServiceName[] = ['profile', 'organisation', 'evaluation'];

const log = (line: string) => process.stdout.write(`${line}\n`);

interface WrkResult {
  perSecond: number;
  p99Ms: number;
  failures: number;
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  if (unit === 'us') return n / 1000;
  if (unit === 's') return n * 1000;
  if (unit === 'm') return n * 60_000;
  return n;
}

function wrk(binary: string, url: string, headers: Record<string, string>, seconds: number): WrkResult {
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url];
  const output = execFileSync(binary, args, { encoding: 'utf8' });
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const failures = non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  if (!Number.isFinite(perSecond) || !p99) throw new Error(`could not read wrk's output:\n${output}`);
  return { perSecond, p99Ms: toMs(p99[1] ?? '0', p99[2] ?? 'ms'), failures };
}

const BARE_NODE_SERVER = `
const body = JSON.stringify({ status: 'ok' });
require('node:http')
  .createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
`;

async function main(): Promise<void> {
  const wrkBinary = ensureCommand({ packageName: 'wrk', find: () => commandOnPath('wrk'), log });
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const database = await scratchDatabase();
    cleanups.push(() => database.stop());
    const keys = generateKeyPair();
    const signer = new TokenSigner({ ...keys, issuer: 'teamfit', audience: 'teamfit-api' });
    const admin = signer.sign({ sub: randomUUID(), kind: 'account', emailAddress: 'bench@teamfit.local', isAdmin: true }, 3600);
    const auth = { authorization: `Bearer ${admin}` };

    const bare = await freePort();
    const bareChild = spawnManaged('bare', 0, process.execPath, ['-e', BARE_NODE_SERVER], { ...process.env, PORT: String(bare) });
    cleanups.push(() => bareChild.stop());
    await waitForPort(bare, 10_000);

    const ports: Partial<Record<ServiceName, number>> = {};
    for (const [index, name] of SERVICES_UNDER_TEST.entries()) {
      const port = await freePort();
      ports[name] = port;
      const { args, env } = serviceProcess(name, { databaseUrl: database.url, smtpUrl: 'smtp://127.0.0.1:1', keys, distRoot: DIST_ROOT, repositoryRoot: REPOSITORY_ROOT, port }, { ...process.env, LOG_LEVEL: 'error', MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'teamfit-bench-media-')) });
      const profiling = CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
      const child = spawnManaged(name, index + 1, process.execPath, [...profiling, ...args], env);
      cleanups.push(() => child.stop());
      // Migrations run at start: one service at a time, as they would on a first `npm start`.
      await waitForHealth(port, 30_000, name);
    }
    const direct = (name: ServiceName) => `http://127.0.0.1:${ports[name] ?? SERVICES[name].port}`;

    // One persona with an evaluation under way against a team: the hub's most frequent read.
    const agent = keepAliveAgent();
    const persona = expectStatus(
      await callJson('POST', `${direct('profile')}/persona`, { agent, token: admin, body: { user_id: randomUUID(), role: 'Engineer', description: 'bench', user: { firstName: 'Bench' } } }),
      201,
      'persona',
    );
    const team = expectStatus(await callJson('POST', `${direct('evaluation')}/algorithm/teams`, { agent, token: admin, body: { name: 'Bench', memberPersonaIds: [] } }), 201, 'team');
    const evaluation = expectStatus(await callJson('POST', `${direct('evaluation')}/evaluation`, { agent, token: admin, body: { personaId: persona['id'], teamId: team['id'] } }), 201, 'evaluation');
    agent.destroy();
    const evaluationId = String(evaluation['id']);

    const runDir = mkdtempSync(path.join(tmpdir(), 'teamfit-bench-gateway-'));
    const gatewayPort = await freePort();
    const upstream = (name: ServiceName) => `127.0.0.1:${ports[name] ?? 1}`;
    const nginx = await startNginx({
      config: withoutRateLimits(
        renderLocalGatewayConfig(REPOSITORY_ROOT, {
          listen: `127.0.0.1:${gatewayPort}`,
          upstream,
          runDir,
          accessLog: 'off',
          corsOrigins: [DEFAULT_ADMIN_APP_ORIGIN],
        }),
      ),
      runDir,
      port: gatewayPort,
    });
    cleanups.push(async () => {
      await nginx.stop();
      rmSync(runDir, { recursive: true, force: true });
    });
    const gateway = `http://127.0.0.1:${gatewayPort}`;

    const targets: Array<{ name: string; url: string; headers: Record<string, string> }> = [
      { name: 'bare Node `http` JSON answer', url: `http://127.0.0.1:${bare}/`, headers: {} },
      { name: '`GET /health` (evaluation, no token)', url: `${direct('evaluation')}/health`, headers: {} },
      { name: '`GET /account` (organisation, authenticated list)', url: `${direct('organisation')}/account`, headers: auth },
      { name: '`GET /evaluation/:id` (authenticated, one evaluation)', url: `${direct('evaluation')}/evaluation/${evaluationId}`, headers: auth },
      { name: 'gateway `GET /evaluation/health`', url: `${gateway}/evaluation/health`, headers: {} },
      { name: 'gateway `GET /organisation/account`', url: `${gateway}/organisation/account`, headers: auth },
      { name: 'gateway `GET /evaluation/evaluation/:id`', url: `${gateway}/evaluation/evaluation/${evaluationId}`, headers: auth },
      { name: 'bare Node `http` (again)', url: `http://127.0.0.1:${bare}/`, headers: {} },
    ];
    const only = process.env['BENCH_ONLY'] ? new RegExp(process.env['BENCH_ONLY']) : undefined;
    const measured = targets.filter((target) => !only || target.name.startsWith('bare') || only.test(target.name));
    const results: WrkResult[] = [];
    for (const target of measured) {
      wrk(wrkBinary, target.url, target.headers, 2); // warm-up: JIT, pools, keep-alive upstreams
      const result = wrk(wrkBinary, target.url, target.headers, SECONDS);
      if (result.failures > 0) throw new Error(`${target.name}: ${result.failures} failed requests (non-2xx or socket errors)`);
      results.push(result);
      log(`measured ${target.name}: ${Math.round(result.perSecond)} req/s`);
    }
    const baseline = ((results[0]?.perSecond ?? 0) + (results[results.length - 1]?.perSecond ?? 0)) / 2;
    log('');
    log(`wrk -t2 -c${CONNECTIONS}, ${SECONDS} s each, one run; shares of the bare Node mean (${Math.round(baseline)} req/s)`);
    log('');
    log('| request | req/s | p99 | share of bare Node |');
    log('|---|---|---|---|');
    measured.forEach((target, index) => {
      const result = results[index];
      if (!result) return;
      log(`| ${target.name} | ${Math.round(result.perSecond).toLocaleString('en')} | ${result.p99Ms.toFixed(1)} ms | ${((100 * result.perSecond) / baseline).toFixed(1)} % |`);
    });
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
