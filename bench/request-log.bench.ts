// The API-call log at scale (issue 7) and the service log's request lines (issue 13):
//   1. /organisation/stats/visitors and /stats/byapp with 10 million log entries.
//   2. Request throughput of a service with the API-call log off, on, and on with a JSON line
//      per request written to a pipe (as under docker or `npm start`).
//   3. The cost of one request line: built by hand and with JSON.stringify.
// Run: npm run bench:request-log. Loopback only; every loop is bounded in time.
import { RequestLogWriter, ServiceLog } from '@teamfit/common';
import { spawn } from 'node:child_process';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { Client } from 'pg';
import { organisationAppModule } from '../apps/organisation/src/organisation-app.module';
import { closedLoop, type LoadResult, ms, percentile, scratchDatabase } from './bench-kit';

const ENTRIES = Number(process.env['BENCH_LOG_ENTRIES'] ?? 10_000_000);

async function seedLog(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    // Spread over 400 days; partitions first, then rows in chunks, then the rollup they imply.
    await client.query(
      `SELECT telemetry.ensure_month_partition(d) FROM generate_series(now() - interval '400 days', now() + interval '31 days', interval '1 month') AS d`,
    );
    const chunk = 1_000_000;
    for (let offset = 0; offset < ENTRIES; offset += chunk) {
      const size = Math.min(chunk, ENTRIES - offset);
      await client.query(
        `INSERT INTO telemetry.api_calls (service, start_time, end_time, processing_time, method, url, http_version, status_code,
           remote_address, remote_family, caller_app, device_type, raw_headers, body, params, query)
         SELECT 'profile', t, t + interval '3 ms', 3, 'GET', '/profile/teammate', '1.1', 200, '198.51.100.7', 'IPv4',
                (ARRAY['admin', 'hub', 'postman', 'unknown'])[1 + i % 4], (ARRAY['desktop', 'mobile', 'unknown'])[1 + i % 3],
                '[]', NULL, '{}', '{}'
         FROM generate_series($1::bigint, $2::bigint) AS i,
              LATERAL (SELECT now() - (i % 400) * interval '1 day' - (i % 86400) * interval '1 second') AS x(t)`,
        [offset, offset + size - 1],
      );
    }
    await client.query(`INSERT INTO telemetry.api_call_days (day, caller_app, device_type, calls)
      SELECT (start_time AT TIME ZONE 'UTC')::date, caller_app, device_type, count(*) FROM telemetry.api_calls GROUP BY 1, 2, 3
      ON CONFLICT (day, caller_app, device_type) DO UPDATE SET calls = EXCLUDED.calls`);
    await client.query('ANALYZE telemetry.api_call_days');
  } finally {
    await client.end();
  }
  return Date.now() - started;
}

async function timeEndpoint(service: RunningTestService, path: string, token: string): Promise<{ p50: number; p99: number; days: number }> {
  const latencies: number[] = [];
  let days = 0;
  for (let i = 0; i < 50; i += 1) {
    const started = process.hrtime.bigint();
    const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    days = ((await response.json()) as unknown[]).length;
    latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), days };
}

type Mode = 'off' | 'on' | 'lines';

/**
 * A run's throughput, and this process's CPU time per request: the service and the load generator
 * share it, and the generator's share is the same in every mode, so differences between modes are
 * the service's. Unlike requests a second, CPU per request hardly moves when other work shares the
 * machine's two cores.
 */
type Run = LoadResult & { cpuMicros: number };

async function throughput(url: string, tokens: TestTokens, mode: Mode): Promise<Run> {
  // The lines go down a pipe to a reader of their own, as they do to docker's or the runner's.
  const reader = mode === 'lines' ? spawn('cat', [], { stdio: ['pipe', 'ignore', 'inherit'] }) : undefined;
  const env = { REQUEST_LOG: mode === 'off' ? 'off' : 'on', LOG_LEVEL: mode === 'lines' ? 'log' : 'error' };
  const service = await startTestService('organisation', organisationAppModule, {
    databaseUrl: url,
    keys: tokens.keys,
    env,
    logOutput: reader?.stdin ?? undefined,
  });
  try {
    const headers = { authorization: `Bearer ${tokens.admin()}`, 'user-agent': 'Mozilla/5.0 bench' };
    await closedLoop({ url: `${service.url}/account`, headers, concurrency: 16, seconds: 3 }); // warm-up
    const cpu = process.cpuUsage();
    const result = await closedLoop({ url: `${service.url}/account`, headers, concurrency: 16, seconds: 10 });
    const used = process.cpuUsage(cpu);
    return { ...result, cpuMicros: (used.user + used.system) / result.requests };
  } finally {
    await service.app.get(RequestLogWriter).flush();
    await service.close();
    reader?.stdin.end();
  }
}

const middle = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
/** Each figure's median over the rounds (the throughput and the CPU of different rounds, if need be). */
const median = (runs: Run[]): Run => ({
  ...(runs[0] as Run),
  perSecond: middle(runs.map((run) => run.perSecond)),
  p50: middle(runs.map((run) => run.p50)),
  p99: middle(runs.map((run) => run.p99)),
  errors: runs.reduce((sum, run) => sum + run.errors, 0),
  cpuMicros: middle(runs.map((run) => run.cpuMicros)),
});

/** The modes alternate (three rounds each): a two-core machine drifts, and order matters. */
async function compareThroughput(url: string, tokens: TestTokens): Promise<Record<Mode, Run>> {
  const results: Record<Mode, Run[]> = { off: [], on: [], lines: [] };
  for (let round = 0; round < 3; round += 1) {
    for (const mode of ['off', 'on', 'lines'] as const) results[mode].push(await throughput(url, tokens, mode));
  }
  return { off: median(results.off), on: median(results.on), lines: median(results.lines) };
}

/**
 * Nanoseconds per request line into a batch: through the service log (built by hand), and the
 * same fields as an object through JSON.stringify. The batches are counted, not written.
 */
function lineCost(): { byHand: number; stringify: number } {
  const count = 200_000;
  let bytes = 0;
  const output = { write: (text: string) => (bytes += text.length) };
  const log = new ServiceLog({ service: 'organisation', level: 'log', format: 'json', output });
  const time = (write: (i: number) => void, flush: () => void): number => {
    const started = process.hrtime.bigint();
    for (let i = 0; i < count; i += 1) write(i);
    flush();
    return Number(process.hrtime.bigint() - started) / count;
  };
  const byHand = (): number =>
    time(
      (i) => log.request('log', Date.now(), '0f8fad5bd9cb469fa16570867728950e', 'GET', `/account/${i & 7}`, 200, 3.412),
      () => log.flush(),
    );
  let pending = '';
  const stringify = (): number =>
    time(
      (i) => {
        pending += `${JSON.stringify({ time: new Date().toISOString(), level: 'info', service: 'organisation', requestId: '0f8fad5bd9cb469fa16570867728950e', method: 'GET', path: `/account/${i & 7}`, status: 200, durationMs: 3.412 })}\n`;
        if (pending.length >= 64 * 1024) {
          output.write(pending);
          pending = '';
        }
      },
      () => {
        output.write(pending);
        pending = '';
      },
    );
  const rounds: Array<{ byHand: number; stringify: number }> = [];
  for (let round = 0; round < 5; round += 1) rounds.push({ byHand: byHand(), stringify: stringify() });
  if (bytes === 0) throw new Error('nothing was written');
  const mid = (values: number[]) => [...values].sort((a, b) => a - b)[2] ?? 0;
  return { byHand: mid(rounds.map((round) => round.byHand)), stringify: mid(rounds.map((round) => round.stringify)) };
}

async function main(): Promise<void> {
  const database = await scratchDatabase();
  const tokens = new TestTokens();
  try {
    const seedMs = await seedLog(database.url);
    console.log(`seeded ${ENTRIES.toLocaleString('en')} log entries in ${(seedMs / 1000).toFixed(0)} s`);
    const service = await startTestService('organisation', organisationAppModule, {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { REQUEST_LOG: 'off' },
    });
    try {
      for (const path of ['/stats/visitors', '/stats/byapp']) {
        const result = await timeEndpoint(service, path, tokens.account());
        console.log(`| GET /organisation${path} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.days} days |`);
      }
    } finally {
      await service.close();
    }
    const { off, on, lines } = await compareThroughput(database.url, tokens);
    for (const [name, result] of [
      ['log off', off],
      ['log on', on],
      ['log on + request lines', lines],
    ] as const) {
      console.log(
        `| GET /organisation/account, ${name} | ${result.perSecond.toFixed(0)} req/s | ${ms(result.p50)} | ${ms(result.p99)} | ${result.cpuMicros.toFixed(0)} µs CPU a request | ${result.errors} errors |`,
      );
    }
    console.log(
      `throughput loss with the log on (medians of 3 alternating rounds): ${(100 * (1 - on.perSecond / off.perSecond)).toFixed(1)} %`,
    );
    console.log(`throughput loss with the log on and a line per request: ${(100 * (1 - lines.perSecond / off.perSecond)).toFixed(1)} %`);
    console.log(
      `CPU a request (service and load generator): the API-call log +${(on.cpuMicros - off.cpuMicros).toFixed(1)} µs, the request line +${(lines.cpuMicros - on.cpuMicros).toFixed(1)} µs more`,
    );
    const cost = lineCost();
    console.log(`one request line: ${cost.byHand.toFixed(0)} ns by hand, ${cost.stringify.toFixed(0)} ns with JSON.stringify`);
  } finally {
    await database.stop();
  }
}

void main();
