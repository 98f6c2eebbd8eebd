// The request path's cost, as a share of what this machine can serve at all: one load generator
// (wrk, 50 keep-alive connections) against a bare Node `http` server and against the services as
// `npm start` runs them (one process each, built code), straight to their ports and through the
// real gateway (its per-address rate limits lifted for this measurement only: from one address
// they would measure the limit). Bare Node is measured first and last; shares are of their mean.
// Run: npm run bench:http. BENCH_SECONDS (default 10) per measurement; loopback only.
// BENCH_CPU_PROF=<dir> writes a CPU profile of every service (node --cpu-prof) into <dir>;
// BENCH_ONLY=<regex> measures only the requests whose name matches (bare Node always);
// BENCH_NODE_ARGS='<flags>' starts the services with extra Node flags, to try one side by side
// (deploy/node-runtime.env's settings apply to the services and the floors alike).
// The two read floor rows serve the evaluation read with no framework (bench/read-floor.server.ts):
// Node's `http` + pg and Fastify + pg, with the services' runtime settings (deploy/node-runtime.env); what the service
// spends beyond them is the platform's own code. The health floor row is NestJS on Fastify with
// one controller and none of the platform's parts (bench/health-floor.server.ts).
import { SERVICES, type ServiceName } from '@teamfit/common';
import { freePort, waitForPort } from '@teamfit/gateway';
import path from 'node:path';
import { spawnManaged } from '../tools/runner/child-process';
import { readNodeRuntime, withNodeRuntime } from '../tools/runner/node-runtime';
import { benchBasics, evaluationToRead, startBenchGateway, startBenchService } from './bench-services';
import { familyCpuMeter, processCpuNs } from './process-cpu';
import { wrk, type WrkResult, wrkBinary as findWrk } from './wrk';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CPU_PROFILE_DIR = process.env['BENCH_CPU_PROF'];
const EXTRA_NODE_ARGS = (process.env['BENCH_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
const CONNECTIONS = 50;
const SERVICES_UNDER_TEST: ServiceName[] = ['profile', 'organisation', 'evaluation'];

const log = (line: string) => process.stdout.write(`${line}\n`);

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
  const wrkBinary = findWrk(log);
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const { databaseUrl, postgresPid, keys, admin, auth } = await benchBasics(cleanups);

    const bare = await freePort();
    const bareChild = spawnManaged('bare', 0, process.execPath, ['-e', BARE_NODE_SERVER], { ...process.env, PORT: String(bare) });
    cleanups.push(() => bareChild.stop());
    await waitForPort(bare, 10_000);

    const ports: Partial<Record<ServiceName, number>> = {};
    const pids: Partial<Record<ServiceName, number>> = {};
    for (const [index, name] of SERVICES_UNDER_TEST.entries()) {
      const profileArgs = CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
      // Migrations run at start: one service at a time, as they would on a first `npm start`.
      const service = await startBenchService(
        name,
        { databaseUrl, keys, index: index + 1, nodeArgs: [...EXTRA_NODE_ARGS, ...profileArgs] },
        cleanups,
      );
      ports[name] = service.port;
      pids[name] = service.pid;
    }
    const direct = (name: ServiceName) => `http://127.0.0.1:${ports[name] ?? SERVICES[name].port}`;
    const evaluationId = await evaluationToRead({ profile: direct('profile'), evaluation: direct('evaluation') }, admin);

    // A floor server (bench/*.server.ts) with the services' runtime settings, on a free port.
    const startFloor = async (name: string, script: string, args: string[] = []) => {
      const port = await freePort();
      const env = {
        ...process.env,
        ...withNodeRuntime(readNodeRuntime(path.resolve(__dirname, '../..')), process.env),
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        JWT_PUBLIC_KEY: keys.publicKeyPem,
      };
      const floor = spawnManaged(name, 0, process.execPath, [path.join(__dirname, script), ...args], env);
      cleanups.push(() => floor.stop());
      await waitForPort(port, 10_000);
      return { port, pid: floor.process.pid };
    };
    const floors = {
      node: await startFloor('floor-node', 'read-floor.server.js', ['node']),
      fastify: await startFloor('floor-fastify', 'read-floor.server.js', ['fastify']),
      health: await startFloor('floor-health', 'health-floor.server.js'),
    };

    const benchGateway = await startBenchGateway((name) => `127.0.0.1:${ports[name] ?? 1}`);
    cleanups.push(() => benchGateway.stop());
    const gateway = benchGateway.url;

    // `server`: the process whose CPU time per request is reported (the upstream, through the gateway).
    const targets: Array<{ name: string; url: string; headers: Record<string, string>; server: number | undefined }> = [
      { name: 'bare Node `http` JSON answer', url: `http://127.0.0.1:${bare}/`, headers: {}, server: bareChild.process.pid },
      { name: '`GET /health` (evaluation, no token)', url: `${direct('evaluation')}/health`, headers: {}, server: pids.evaluation },
      {
        name: 'floor: NestJS on Fastify, `GET /health` alone',
        url: `http://127.0.0.1:${floors.health.port}/health`,
        headers: {},
        server: floors.health.pid,
      },
      {
        name: '`GET /account` (organisation, authenticated list)',
        url: `${direct('organisation')}/account`,
        headers: auth,
        server: pids.organisation,
      },
      {
        name: '`GET /evaluation/:id` (authenticated, one evaluation)',
        url: `${direct('evaluation')}/evaluation/${evaluationId}`,
        headers: auth,
        server: pids.evaluation,
      },
      {
        name: 'floor: Node `http` + pg, the same read',
        url: `http://127.0.0.1:${floors.node.port}/evaluation/${evaluationId}`,
        headers: auth,
        server: floors.node.pid,
      },
      {
        name: 'floor: Fastify + pg, the same read',
        url: `http://127.0.0.1:${floors.fastify.port}/evaluation/${evaluationId}`,
        headers: auth,
        server: floors.fastify.pid,
      },
      { name: 'gateway `GET /evaluation/health`', url: `${gateway}/evaluation/health`, headers: {}, server: pids.evaluation },
      { name: 'gateway `GET /organisation/account`', url: `${gateway}/organisation/account`, headers: auth, server: pids.organisation },
      {
        name: 'gateway `GET /evaluation/evaluation/:id`',
        url: `${gateway}/evaluation/evaluation/${evaluationId}`,
        headers: auth,
        server: pids.evaluation,
      },
      { name: 'bare Node `http` (again)', url: `http://127.0.0.1:${bare}/`, headers: {}, server: bareChild.process.pid },
    ];
    const only = process.env['BENCH_ONLY'] ? new RegExp(process.env['BENCH_ONLY']) : undefined;
    const measured = targets.filter((target) => !only || target.name.startsWith('bare') || only.test(target.name));
    const results: Array<WrkResult & { cpuMicros: number; postgresMicros: number | undefined }> = [];
    for (const target of measured) {
      await wrk(wrkBinary, { ...target, seconds: 2, connections: CONNECTIONS }); // warm-up: JIT, pools, keep-alive upstreams
      const cpuBefore = processCpuNs(target.server);
      const postgresCpu = familyCpuMeter(postgresPid);
      const result = await wrk(wrkBinary, { ...target, seconds: SECONDS, connections: CONNECTIONS });
      const cpuMicros = (processCpuNs(target.server) - cpuBefore) / 1000 / result.requests;
      // The API-call log writes each second's entries within the next second: they are this run's.
      if (postgresPid !== undefined) await new Promise((resolve) => setTimeout(resolve, 1_500));
      const postgresMicros = postgresCpu(result.requests);
      if (result.failures > 0) throw new Error(`${target.name}: ${result.failures} failed requests (non-2xx or socket errors)`);
      results.push({ ...result, cpuMicros, postgresMicros });
      log(`measured ${target.name}: ${Math.round(result.perSecond)} req/s`);
    }
    const baseline = ((results[0]?.perSecond ?? 0) + (results[results.length - 1]?.perSecond ?? 0)) / 2;
    log('');
    log(`wrk -t2 -c${CONNECTIONS}, ${SECONDS} s each, one run; shares of the bare Node mean (${Math.round(baseline)} req/s)`);
    log('');
    log("CPU per request: the serving process's CPU time (all its threads) over the requests it answered;");
    log("PostgreSQL's: every PostgreSQL process's over the same requests, the API-call log's writes included.");
    log('');
    log('| request | req/s | p99 | share of bare Node | CPU per request | PostgreSQL CPU per request |');
    log('|---|---|---|---|---|---|');
    measured.forEach((target, index) => {
      const result = results[index];
      if (!result) return;
      log(
        `| ${target.name} | ${Math.round(result.perSecond).toLocaleString('en')} | ${result.p99Ms.toFixed(1)} ms | ${((100 * result.perSecond) / baseline).toFixed(1)} % | ${Math.round(result.cpuMicros)} µs | ${result.postgresMicros === undefined ? '-' : `${Math.round(result.postgresMicros)} µs`} |`,
      );
    });
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
