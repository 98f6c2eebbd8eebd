// Two versions of the evaluation service, side by side: this tree's and another built checkout's
// (BENCH_BASE), both started as `npm start` starts them, on one scratch database. Short wrk runs
// alternate between the two, in both orders, so that the machine's changing speed (other work
// shares it; bare Node's rate moves a lot between runs of bench:http) falls on both alike; the
// figures are medians over the rounds. Each version is started first for half the rounds (the two
// are started again between the halves): the same build measured less CPU a request when started
// first. The measure is the service's CPU time per request (all threads), with requests per
// second beside it, and PostgreSQL's CPU time over the same requests (the API-call log's writes
// included). BENCH_BASE set to this tree measures that noise floor.
// Run: BENCH_BASE=<another checkout, built> npm run bench:side-by-side. BENCH_ROUNDS (default 8,
// even), BENCH_SECONDS per run (default 4). Measures `GET /health` and `GET /evaluation/:id`.
import type { ServiceName } from '@teamfit/common';
import path from 'node:path';
import { percentile } from './bench-kit';
import { benchBasics, evaluationToRead, startBenchService } from './bench-services';
import { familyCpuMeter, processCpuNs } from './process-cpu';
import { wrk, wrkBinary as findWrk } from './wrk';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 8);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 4);
const CONNECTIONS = 50;

const log = (line: string) => process.stdout.write(`${line}\n`);
const median = (values: number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function main(): Promise<void> {
  const baseTree = process.env['BENCH_BASE'];
  if (!baseTree) throw new Error('BENCH_BASE=<another checkout, built> is required: the version to measure this one against');
  const wrkBinary = findWrk(log);
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const { databaseUrl, postgresPid, keys, admin, auth } = await benchBasics(cleanups);
    const start = (name: ServiceName, index: number, distRoot?: string) =>
      startBenchService(name, { databaseUrl, keys, index, distRoot }, cleanups);
    // The organisation service seeds the questionnaire; profile holds the persona.
    const profile = await start('profile', 1);
    await start('organisation', 2);
    // The evaluation service's migrations run before either version starts: neither does that work.
    await (await start('evaluation', 9)).stop();
    const distRoots = { this: undefined, base: path.join(path.resolve(baseTree), 'dist') };
    let evaluationId: string | undefined;
    const samples = new Map<string, Array<{ perSecond: number; cpuMicros: number; postgresMicros: number | undefined }>>();
    // The service started first came out faster, even the same build against itself: half the
    // rounds start this version first, half the other.
    for (const [phase, first] of (['this', 'base'] as const).entries()) {
      const second = first === 'this' ? 'base' : 'this';
      const startedFirst = await start('evaluation', 3 + phase * 2, distRoots[first]);
      const startedSecond = await start('evaluation', 4 + phase * 2, distRoots[second]);
      const versions = first === 'this' ? { this: startedFirst, base: startedSecond } : { this: startedSecond, base: startedFirst };
      evaluationId ??= await evaluationToRead({ profile: profile.url, evaluation: versions.this.url }, admin);
      const requests = {
        '`GET /health`': { path: '/health', headers: {} },
        '`GET /evaluation/:id`': { path: `/evaluation/${evaluationId}`, headers: auth },
      };
      for (const service of Object.values(versions)) {
        for (const request of Object.values(requests))
          await wrk(wrkBinary, { url: `${service.url}${request.path}`, headers: request.headers, seconds: 2, connections: CONNECTIONS });
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (let round = 0; round < ROUNDS / 2; round++) {
        const order = round % 2 === 0 ? (['this', 'base'] as const) : (['base', 'this'] as const);
        for (const [name, request] of Object.entries(requests)) {
          for (const version of order) {
            const service = versions[version];
            const cpuBefore = processCpuNs(service.pid);
            const postgresCpu = familyCpuMeter(postgresPid);
            const result = await wrk(wrkBinary, {
              url: `${service.url}${request.path}`,
              headers: request.headers,
              seconds: SECONDS,
              connections: CONNECTIONS,
            });
            if (result.failures > 0) throw new Error(`${name} (${version}): ${result.failures} failed requests`);
            // The API-call log writes its entries every second: they are this run's cost, not the next one's.
            await new Promise((resolve) => setTimeout(resolve, 1_500));
            const key = `${name} | ${version}`;
            samples.set(key, [
              ...(samples.get(key) ?? []),
              {
                perSecond: result.perSecond,
                cpuMicros: (processCpuNs(service.pid) - cpuBefore) / 1000 / result.requests,
                postgresMicros: postgresCpu(result.requests),
              },
            ]);
          }
        }
        log(`${first} started first: round ${round + 1} of ${ROUNDS / 2}`);
      }
      await versions.this.stop();
      await versions.base.stop();
    }
    log('');
    log(`wrk -t2 -c${CONNECTIONS}, ${SECONDS} s a run, ${ROUNDS} rounds alternating; base: ${baseTree}`);
    log('');
    log(
      '| request | version | CPU per request, median | PostgreSQL CPU per request, median | req/s, median | CPU per request, every run |',
    );
    log('|---|---|---|---|---|---|');
    for (const [key, runs] of samples) {
      const postgres = runs.flatMap((run) => (run.postgresMicros === undefined ? [] : [run.postgresMicros]));
      log(
        `| ${key} | ${Math.round(median(runs.map((run) => run.cpuMicros)))} µs | ${postgres.length === 0 ? '-' : `${Math.round(median(postgres))} µs`} | ${Math.round(median(runs.map((run) => run.perSecond))).toLocaleString('en')} | ${runs.map((run) => Math.round(run.cpuMicros)).join(', ')} |`,
      );
    }
    // Each round measured both versions back to back: how often this one took less CPU than the other in the same round.
    log('');
    for (const name of new Set([...samples.keys()].map((key) => key.split(' | ')[0] ?? key))) {
      const mine = samples.get(`${name} | this`) ?? [];
      const theirs = samples.get(`${name} | base`) ?? [];
      const fewer = mine.filter((run, round) => run.cpuMicros < (theirs[round]?.cpuMicros ?? Infinity)).length;
      log(`${name}: this version took less CPU a request in ${fewer} of ${mine.length} rounds`);
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
