// The API-call log at scale (issue 7):
//   1. /organisation/stats/visitors and /stats/byapp with 10 million log entries.
//   2. Request throughput of a service with the log on and off.
// Run: npm run bench:request-log. Loopback only; every loop is bounded in time.
import { RequestLogWriter } from '@teamfit/common';
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
    await client.query(`SELECT telemetry.ensure_month_partition(d) FROM generate_series(now() - interval '400 days', now() + interval '31 days', interval '1 month') AS d`);
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

async function throughput(url: string, tokens: TestTokens, requestLog: 'on' | 'off'): Promise<LoadResult> {
  const service = await startTestService('organisation', organisationAppModule, { databaseUrl: url, keys: tokens.keys, env: { REQUEST_LOG: requestLog } });
  try {
    const headers = { authorization: `Bearer ${tokens.admin()}`, 'user-agent': 'Mozilla/5.0 bench' };
    await closedLoop({ url: `${service.url}/account`, headers, concurrency: 16, seconds: 3 }); // warm-up
    return await closedLoop({ url: `${service.url}/account`, headers, concurrency: 16, seconds: 10 });
  } finally {
    await service.app.get(RequestLogWriter).flush();
    await service.close();
  }
}

const median = (results: LoadResult[]): LoadResult =>
  [...results].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(results.length / 2)] ?? (results[0] as LoadResult);

/** Off and on alternate (three rounds each): a two-core machine drifts, and order matters. */
async function compareThroughput(url: string, tokens: TestTokens): Promise<{ off: LoadResult; on: LoadResult }> {
  const off: LoadResult[] = [];
  const on: LoadResult[] = [];
  for (let round = 0; round < 3; round += 1) {
    off.push(await throughput(url, tokens, 'off'));
    on.push(await throughput(url, tokens, 'on'));
  }
  return { off: median(off), on: median(on) };
}

async function main(): Promise<void> {
  const database = await scratchDatabase();
  const tokens = new TestTokens();
  try {
    const seedMs = await seedLog(database.url);
    console.log(`seeded ${ENTRIES.toLocaleString('en')} log entries in ${(seedMs / 1000).toFixed(0)} s`);
    const service = await startTestService('organisation', organisationAppModule, { databaseUrl: database.url, keys: tokens.keys, env: { REQUEST_LOG: 'off' } });
    try {
      for (const path of ['/stats/visitors', '/stats/byapp']) {
        const result = await timeEndpoint(service, path, tokens.account());
        console.log(`| GET /organisation${path} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.days} days |`);
      }
    } finally {
      await service.close();
    }
    const { off, on } = await compareThroughput(database.url, tokens);
    for (const [name, result] of [['log off', off], ['log on', on]] as const) {
      console.log(`| GET /organisation/account, ${name} | ${result.perSecond.toFixed(0)} req/s | ${ms(result.p50)} | ${ms(result.p99)} | ${result.errors} errors |`);
    }
    console.log(`throughput loss with the log on (medians of 3 alternating rounds): ${(100 * (1 - on.perSecond / off.perSecond)).toFixed(1)} %`);
  } finally {
    await database.stop();
  }
}

void main();
