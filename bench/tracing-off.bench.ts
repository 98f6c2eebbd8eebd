// What tracing costs a service when it is off, side by side in one run: the evaluation service of
// another built checkout without any tracing code (BENCH_BASE, "absent"), this tree's with
// OTEL_EXPORTER_OTLP_ENDPOINT unset ("off", as every service runs by default) and, for scale,
// this tree's exporting to an OTLP/HTTP sink in this process ("on"), on free ports and one scratch
// database. The starts rotate between the three; the wrk runs alternate between "absent" and "off"
// in pairs, so that the machine's changing speed falls on both alike, and "on" is measured after
// them, alone (docs/performance.md, "Traces").
// Measured: CPU time and resident memory at the end of a start (until /health answers), and CPU
// per request and requests per second on `GET /evaluation/:id` (token check, two reads). The
// services run at LOG_LEVEL=error (no request lines, whose output would flood this one), so the one
// per-request path tracing adds when off, the request line's look for an active span, is measured
// on its own first: both checkouts' ServiceLog, in this process, writing lines to nowhere.
// Run: BENCH_BASE=<another checkout, built> npm run bench:tracing. BENCH_ROUNDS (default 10),
// BENCH_SECONDS per run (default 4), BENCH_STARTS per variant (default 6).
import type { ServiceName } from '@teamfit/common';
import { freePort } from '@teamfit/gateway';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { percentile } from './bench-kit';
import { benchBasics, evaluationToRead, spawnBenchService, startBenchService, type StartedBenchService } from './bench-services';
import { processCpuNs } from './process-cpu';
import { wrk, wrkBinary as findWrk } from './wrk';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 10);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 4);
const STARTS = Number(process.env['BENCH_STARTS'] ?? 6);
const CONNECTIONS = 50;
const VARIANTS = ['absent', 'off', 'on'] as const;
type Variant = (typeof VARIANTS)[number];

const log = (line: string) => process.stdout.write(`${line}\n`);
const median = (values: number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
/** The variants in an order that moves by one each round: every variant goes first, second and last alike. */
const rotated = (round: number): Variant[] => VARIANTS.map((_, index) => VARIANTS[(index + round) % VARIANTS.length] as Variant);

const rssMiB = (pid: number | undefined): number => {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? NaN) / 1024;
};

/** An OTLP/HTTP receiver that reads and drops what it gets: the "on" variant's collector. */
async function otlpSink(): Promise<{ url: string; spans: () => number; close(): void }> {
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: () => bytes,
    close: () => server.close(),
  };
}

interface RequestLineWriter {
  request(level: 'log', time: number, requestId: string, method: string, path: string, status: number, durationMs: number): void;
  flush(): void;
}
type ServiceLogModule = {
  ServiceLog: new (options: {
    service: string;
    level: 'log';
    format: 'json';
    output: { write(text: string): unknown };
  }) => RequestLineWriter;
};

/** Nanoseconds a request line takes in each checkout's ServiceLog, rounds alternating: [absent, off] medians and every round. */
function requestLineNs(baseDist: string): Record<'absent' | 'off', number[]> {
  const load = (dist: string): ServiceLogModule =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- each checkout's own module, known only at run time
    require(path.join(dist, 'libs', 'common', 'src', 'logging', 'service-log.js')) as ServiceLogModule;
  const nowhere = { write: () => true };
  const logs = {
    absent: new (load(baseDist).ServiceLog)({ service: 'evaluation', level: 'log', format: 'json', output: nowhere }),
    off: new (load(path.resolve(__dirname, '..')).ServiceLog)({ service: 'evaluation', level: 'log', format: 'json', output: nowhere }),
  };
  const LINES = 500_000;
  const rounds: Record<'absent' | 'off', number[]> = { absent: [], off: [] };
  for (let round = 0; round < 10; round++) {
    for (const variant of round % 2 === 0 ? (['absent', 'off'] as const) : (['off', 'absent'] as const)) {
      const log = logs[variant];
      const started = process.hrtime.bigint();
      for (let line = 0; line < LINES; line++) log.request('log', 1_780_000_000_000 + line, 'gw-7f3a', 'GET', '/evaluation/42', 200, 1.25);
      log.flush();
      rounds[variant].push(Number(process.hrtime.bigint() - started) / LINES);
    }
  }
  return rounds;
}

async function main(): Promise<void> {
  const baseTree = process.env['BENCH_BASE'];
  if (!baseTree) throw new Error('BENCH_BASE=<another checkout, built, without tracing> is required: the "absent" variant');
  const lineNs = requestLineNs(path.join(path.resolve(baseTree), 'dist'));
  log(
    `request line, ns (median of 10 rounds of 500,000): absent ${median(lineNs.absent).toFixed(0)}, off ${median(lineNs.off).toFixed(0)}; ` +
      `rounds absent ${lineNs.absent.map((ns) => ns.toFixed(0)).join(' ')}, off ${lineNs.off.map((ns) => ns.toFixed(0)).join(' ')}`,
  );
  const wrkBinary = findWrk(log);
  const cleanups: Array<() => Promise<void> | void> = [];
  const sink = await otlpSink();
  cleanups.push(() => sink.close());
  try {
    const { databaseUrl, keys, admin, auth } = await benchBasics(cleanups);
    const distRoots: Record<Variant, string | undefined> = {
      absent: path.join(path.resolve(baseTree), 'dist'),
      off: undefined,
      on: undefined,
    };
    const envOf = (variant: Variant): Record<string, string> => (variant === 'on' ? { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url } : {});
    const withEnv = async <T>(env: Record<string, string>, start: () => Promise<T>): Promise<T> => {
      const saved = { ...process.env };
      Object.assign(process.env, env);
      try {
        return await start();
      } finally {
        for (const name of Object.keys(env)) if (saved[name] === undefined) delete process.env[name];
      }
    };
    const start = (name: ServiceName, index: number, variant: Variant = 'off') =>
      withEnv(envOf(variant), () => startBenchService(name, { databaseUrl, keys, index, distRoot: distRoots[variant] }, cleanups));
    const profile = await start('profile', 1);
    await start('organisation', 2);
    // Migrations run once here, so that no variant's start below does that work.
    await (await start('evaluation', 3)).stop();

    // Starts: spawn, wait for /health, read the CPU time and memory the start took, stop.
    const starts = new Map<Variant, Array<{ cpuMs: number; rssMiB: number }>>();
    for (let round = 0; round < STARTS; round++) {
      for (const variant of rotated(round)) {
        const port = await freePort();
        const child = withEnv(envOf(variant), () =>
          Promise.resolve(spawnBenchService('evaluation', { databaseUrl, keys, port, index: 4, distRoot: distRoots[variant] })),
        );
        const started = await child;
        for (;;) {
          const healthy = await fetch(`http://127.0.0.1:${port}/health`).then(
            (response) => response.ok,
            () => false,
          );
          if (healthy) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const pid = started.process.pid;
        starts.set(variant, [...(starts.get(variant) ?? []), { cpuMs: processCpuNs(pid) / 1e6, rssMiB: rssMiB(pid) }]);
        await started.stop();
      }
      log(`starts: round ${round + 1} of ${STARTS}`);
    }

    // Requests: "absent" and "off" side by side, in pairs whose order alternates; "on" afterwards on
    // its own, as its exporter works in the background for seconds after each run.
    const running = new Map<Variant, StartedBenchService>();
    for (const [index, variant] of (['absent', 'off'] as const).entries())
      running.set(variant, await start('evaluation', 5 + index, variant));
    const evaluationId = await evaluationToRead({ profile: profile.url, evaluation: running.get('off')?.url ?? '' }, admin);
    const target = (variant: Variant) => `${running.get(variant)?.url}/evaluation/${evaluationId}`;
    const runs = new Map<Variant, Array<{ perSecond: number; cpuMicros: number; p99Ms: number }>>();
    const measure = async (variant: Variant): Promise<void> => {
      const pid = running.get(variant)?.pid;
      const before = processCpuNs(pid);
      const result = await wrk(wrkBinary, { url: target(variant), headers: auth, seconds: SECONDS, connections: CONNECTIONS });
      if (result.failures > 0)
        log(`${variant}: ${result.non2xx} answers not 2xx, ${result.socketErrors} socket errors (timeouts included) of ${result.requests}`);
      // The API-call log writes every second (and "on" exports every few): that work belongs to this run.
      await new Promise((resolve) => setTimeout(resolve, variant === 'on' ? 6_000 : 1_500));
      const cpuMicros = (processCpuNs(pid) - before) / 1000 / result.requests;
      runs.set(variant, [...(runs.get(variant) ?? []), { perSecond: result.perSecond, cpuMicros, p99Ms: result.p99Ms }]);
    };
    for (const variant of ['absent', 'off'] as const)
      await wrk(wrkBinary, { url: target(variant), headers: auth, seconds: 2, connections: CONNECTIONS });
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of round % 2 === 0 ? (['absent', 'off'] as const) : (['off', 'absent'] as const)) await measure(variant);
      log(`requests: round ${round + 1} of ${ROUNDS}`);
    }
    for (const variant of ['absent', 'off'] as const) await running.get(variant)?.stop();
    running.set('on', await start('evaluation', 7, 'on'));
    await wrk(wrkBinary, { url: target('on'), headers: auth, seconds: 2, connections: CONNECTIONS });
    for (let round = 0; round < Math.ceil(ROUNDS / 2); round++) await measure('on');

    log('');
    log(`wrk -t2 -c${CONNECTIONS}, ${SECONDS} s a run, ${ROUNDS} rounds and ${STARTS} starts; absent: ${baseTree}`);
    log(`"on" exported ${(sink.spans() / 1024 / 1024).toFixed(1)} MiB of OTLP/JSON to its sink`);
    log('');
    log(
      '| variant | start: CPU, median | start: resident memory, median | CPU per request, median | req/s, median | p99, median | CPU per request / absent |',
    );
    log('|---|---|---|---|---|---|---|');
    const absentCpu = median((runs.get('absent') ?? []).map((run) => run.cpuMicros));
    for (const variant of VARIANTS) {
      const started = starts.get(variant) ?? [];
      const served = runs.get(variant) ?? [];
      const cpu = median(served.map((run) => run.cpuMicros));
      log(
        `| ${variant} | ${Math.round(median(started.map((start) => start.cpuMs)))} ms | ${median(started.map((start) => start.rssMiB)).toFixed(1)} MiB | ` +
          `${Math.round(cpu)} µs | ${Math.round(median(served.map((run) => run.perSecond))).toLocaleString('en')} | ` +
          `${median(served.map((run) => run.p99Ms)).toFixed(1)} ms | ${(cpu / absentCpu).toFixed(3)} |`,
      );
    }
    log('');
    log('CPU per request, every run (µs):');
    for (const variant of VARIANTS) log(`  ${variant}: ${(runs.get(variant) ?? []).map((run) => Math.round(run.cpuMicros)).join(', ')}`);
    // Each round measured both back to back: how often "off" took less than "absent" in the same round.
    const absent = runs.get('absent') ?? [];
    const fewer = (runs.get('off') ?? []).filter((run, round) => run.cpuMicros < (absent[round]?.cpuMicros ?? Infinity)).length;
    log(`"off" took less CPU a request than "absent" in ${fewer} of ${absent.length} rounds`);
    const startsAbsent = starts.get('absent') ?? [];
    const fewerStarts = (starts.get('off') ?? []).filter((start, round) => start.cpuMs < (startsAbsent[round]?.cpuMs ?? Infinity)).length;
    log(`"off" took less CPU to start than "absent" in ${fewerStarts} of ${startsAbsent.length} starts`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
