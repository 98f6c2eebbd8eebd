// Several processes of one service behind the gateway, on this machine. First the throughput of
// the evaluation service's most frequent read (GET /evaluation/evaluation/:id, authenticated)
// through the real gateway with one and with two evaluation processes, in alternating rounds so
// that both see the same machine; then what the gateway does when one process is killed
// (SIGKILL) under that load while the runner's supervisor starts it again, with two processes
// behind the gateway and with one.
// Run: npm run bench:instances. BENCH_SECONDS (default 10) per round, BENCH_ROUNDS (default 3),
// BENCH_KILL_SECONDS (default 15; the kill comes 3 s in). Loopback only, free ports.
import { freePort } from '@teamfit/gateway';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning } from '../tools/runner/child-process';
import { waitForHealth } from '../tools/runner/service-health';
import { SupervisedProcess } from '../tools/runner/supervisor';
import { processCpuMs } from './bench-support';
import { benchBasics, evaluationToRead, spawnBenchService, startBenchGateway, startBenchService } from './bench-services';
import { wrk, type WrkResult, wrkBinary as findWrk } from './wrk';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const KILL_SECONDS = Number(process.env['BENCH_KILL_SECONDS'] ?? 15);
const KILL_AFTER_SECONDS = 3;
const CONNECTIONS = 50;

const log = (line: string) => process.stdout.write(`${line}\n`);
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const round = (value: number): string => Math.round(value).toLocaleString('en');

/** The whole machine's CPU time so far, busy and in all, in clock ticks (/proc/stat), other people's work included. */
function machineTicks(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

interface Round {
  result: WrkResult;
  /** CPU the evaluation processes used, in cores. */
  serviceCores: number;
  /** Share of the machine's CPU time that was busy. */
  machineBusy: number;
}

interface KillOutcome {
  load: WrkResult;
  requests: number;
  errors: number;
  retried: number;
  /** Seconds after the kill: first and last gateway error, the process healthy again, its first answer through the gateway. */
  errorsFrom?: number;
  errorsTo?: number;
  healthyAfter: number;
  servingAfter?: number;
  /** Requests a second in the 2 s before the kill, and in the slowest whole second after it. */
  before: number;
  lowest: number;
}

/** Reads the gateway's timeline (`<epoch s> <status> <upstream addresses> <upstream statuses>`) around a kill at `killedAt` (epoch s). */
function outcome(lines: string[], killedAt: number, killedAddress: string, load: WrkResult, healthyAfter: number): KillOutcome {
  const requests = lines.map((line) => {
    const [at = '0', status = '0', ...upstream] = line.split(' ');
    // Every instance nginx tried, in order: `127.0.0.1:9103, 127.0.0.1:10103`.
    const tried = upstream.filter((token) => /^[\d.]+:\d+,?$/.test(token)).map((token) => token.replace(',', ''));
    // Tried again on the same process is a keep-alive connection it had closed; on another, failover.
    return { at: Number(at), status: Number(status), retried: new Set(tried).size > 1, lastAddress: tried[tried.length - 1] ?? '' };
  });
  const errors = requests.filter((request) => request.status >= 500);
  const perSecond = new Map<number, number>();
  for (const request of requests) perSecond.set(Math.floor(request.at), (perSecond.get(Math.floor(request.at)) ?? 0) + 1);
  const last = Math.floor(Math.max(...requests.map((request) => request.at)));
  const after = [...perSecond.entries()].filter(([second]) => second > killedAt && second < last).map(([, count]) => count);
  const serving = requests.find(
    (request) => request.at > killedAt + healthyAfter - 1 && request.status === 200 && request.lastAddress === killedAddress,
  );
  return {
    load,
    requests: requests.length,
    errors: errors.length,
    retried: requests.filter((request) => request.retried).length,
    errorsFrom: errors[0] ? errors[0].at - killedAt : undefined,
    errorsTo: errors.length > 0 ? (errors[errors.length - 1]?.at ?? 0) - killedAt : undefined,
    healthyAfter,
    servingAfter: serving ? serving.at - killedAt : undefined,
    before: requests.filter((request) => request.at >= killedAt - 2 && request.at < killedAt).length / 2,
    lowest: Math.min(...after),
  };
}

async function main(): Promise<void> {
  const wrkBinary = findWrk(log);
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const load = loadavg()[0] ?? 0;
    const { databaseUrl, keys, admin, auth } = await benchBasics(cleanups);

    // Profile holds the personas; organisation seeds the questionnaire evaluations are made of.
    const profilePort = (await startBenchService('profile', { databaseUrl, keys, index: 1 }, cleanups)).port;
    await startBenchService('organisation', { databaseUrl, keys, index: 1 }, cleanups);

    // Two evaluation processes, supervised as `npm start` supervises them.
    const backs: Array<() => void> = [];
    const evaluation = await Promise.all(
      [1, 2].map(async (instance) => {
        const port = await freePort();
        const supervised = new SupervisedProcess({
          label: `the evaluation service (instance ${instance} of 2, port ${port})`,
          spawn: () => spawnBenchService('evaluation', { databaseUrl, keys, port, index: 1 + instance }),
          ready: (child) => waitForHealth(port, 30_000, 'evaluation', () => isRunning(child)),
          log: (line) => {
            log(`  ${line}`);
            if (line.includes(' is back ')) backs.splice(0).forEach((resolve) => resolve());
          },
          onFatal: (line) => {
            // The processes hold an IPC channel to this one and end with it.
            process.stderr.write(`${line}\n`);
            process.exit(1);
          },
        });
        cleanups.push(() => supervised.stop());
        supervised.start();
        await waitForHealth(port, 30_000, 'evaluation');
        supervised.supervise();
        return { address: `127.0.0.1:${port}`, supervised };
      }),
    );
    const [first, second] = evaluation as [(typeof evaluation)[number], (typeof evaluation)[number]];
    const evaluationId = await evaluationToRead(
      { profile: `http://127.0.0.1:${profilePort}`, evaluation: `http://${first.address}` },
      admin,
    );
    const upstream = (addresses: string[]) => (name: string) =>
      name === 'evaluation' ? addresses : `127.0.0.1:${name === 'profile' ? profilePort : 1}`;
    const read = `/evaluation/evaluation/${evaluationId}`;

    const gateways = {
      one: await startBenchGateway(upstream([first.address])),
      two: await startBenchGateway(upstream([first.address, second.address])),
    };
    cleanups.push(
      () => gateways.one.stop(),
      () => gateways.two.stop(),
    );
    for (const gateway of Object.values(gateways))
      await wrk(wrkBinary, { url: `${gateway.url}${read}`, headers: auth, seconds: 2, connections: CONNECTIONS }); // warm-up

    const rounds: Record<'one' | 'two', Round[]> = { one: [], two: [] };
    const serviceCpuMs = () => evaluation.reduce((sum, entry) => sum + processCpuMs(entry.supervised.child?.process.pid ?? 0), 0);
    for (let index = 0; index < ROUNDS; index += 1) {
      for (const which of ['one', 'two'] as const) {
        const [cpuBefore, machineBefore, started] = [serviceCpuMs(), machineTicks(), Date.now()];
        const result = await wrk(wrkBinary, {
          url: `${gateways[which].url}${read}`,
          headers: auth,
          seconds: SECONDS,
          connections: CONNECTIONS,
        });
        const [cpuAfter, machineAfter, ended] = [serviceCpuMs(), machineTicks(), Date.now()];
        if (result.failures > 0) throw new Error(`${which}: ${result.failures} failed requests`);
        rounds[which].push({
          result,
          serviceCores: (cpuAfter - cpuBefore) / (ended - started),
          machineBusy: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
        });
        log(`round ${index + 1}, ${which === 'one' ? 'one process' : 'two processes'}: ${round(result.perSecond)} req/s`);
      }
    }

    const kills: Array<[string, KillOutcome]> = [];
    for (const [what, addresses] of [
      ['two processes', [first.address, second.address]],
      ['one process', [first.address]],
    ] as const) {
      const gateway = await startBenchGateway(upstream([...addresses]), { timeline: true });
      const running = wrk(wrkBinary, { url: `${gateway.url}${read}`, headers: auth, seconds: KILL_SECONDS, connections: CONNECTIONS });
      await sleep(KILL_AFTER_SECONDS * 1000);
      const back = new Promise<void>((resolve) => backs.push(resolve));
      const killedAt = Date.now() / 1000;
      first.supervised.child?.process.kill('SIGKILL');
      await back;
      const healthyAfter = Date.now() / 1000 - killedAt;
      const result = await running;
      await gateway.stop();
      kills.push([what, outcome(gateway.timeline(), killedAt, first.address, result, healthyAfter)]);
      log(`killed one evaluation process under load, ${what} behind the gateway: ${kills[kills.length - 1]?.[1].errors ?? 0} errors`);
    }

    const s = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(1)} s`);
    log('');
    log(
      `${cpus().length} cores shared with other work (load average ${load.toFixed(1)} at the start); wrk -t2 -c${CONNECTIONS} on the same machine`,
    );
    log(`through the gateway, rate limits lifted; ${ROUNDS} alternating rounds of ${SECONDS} s, medians`);
    log('');
    log('| evaluation processes | req/s | p99 | rounds (req/s) | CPU of the evaluation processes | machine busy |');
    log('|---|---|---|---|---|---|');
    const perSecond = (which: 'one' | 'two') => median(rounds[which].map((entry) => entry.result.perSecond));
    for (const which of ['one', 'two'] as const) {
      const entries = rounds[which];
      const cores = median(entries.map((entry) => entry.serviceCores)).toFixed(2);
      const busy = Math.round(100 * median(entries.map((entry) => entry.machineBusy)));
      log(
        `| ${which === 'one' ? 1 : 2} | ${round(perSecond(which))} | ${median(entries.map((entry) => entry.result.p99Ms)).toFixed(1)} ms | ${entries.map((entry) => round(entry.result.perSecond)).join(', ')} | ${cores} cores | ${busy} % |`,
      );
    }
    log(`two against one: ×${(perSecond('two') / perSecond('one')).toFixed(2)}`);
    log('');
    log(`SIGKILL of one evaluation process ${KILL_AFTER_SECONDS} s into ${KILL_SECONDS} s of the same load; the supervisor restarts it`);
    log('');
    log(
      '| behind the gateway | requests | 5xx answers | retried on another process | errors from – to | killed process healthy | first answer from it | req/s before | slowest second after |',
    );
    log('|---|---|---|---|---|---|---|---|---|');
    for (const [what, kill] of kills) {
      log(
        `| ${what} | ${round(kill.requests)} | ${round(kill.errors)} | ${round(kill.retried)} | ${kill.errors > 0 ? `${s(kill.errorsFrom)} – ${s(kill.errorsTo)}` : '–'} | ${s(kill.healthyAfter)} | ${s(kill.servingAfter)} | ${round(kill.before)} | ${round(kill.lowest)} |`,
      );
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
