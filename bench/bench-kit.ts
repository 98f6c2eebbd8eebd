// Shared pieces of the benchmark scripts: a scratch PostgreSQL with every migration, latency
// statistics, and a bounded closed-loop load generator over keep-alive connections.
import { runMigrations, serviceMigrationTargets, startEmbeddedPostgres } from '@teamfit/database';
import { freePort } from '@teamfit/gateway';
import { seedTestAccounts } from '@teamfit/platform/testing';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export interface ScratchDatabase {
  url: string;
  /** The postmaster's pid when the benchmark started PostgreSQL itself (not with DATABASE_URL). */
  serverPid: number | undefined;
  stop(): Promise<void>;
}

/** DATABASE_URL when given, else an embedded PostgreSQL in a temp folder; migrated either way. */
export async function scratchDatabase(): Promise<ScratchDatabase> {
  let url = process.env['DATABASE_URL'];
  let stop: () => Promise<void> = () => Promise.resolve();
  let serverPid: number | undefined;
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'teamfit-bench-db-'));
    chmodSync(dir, 0o755);
    const postgres = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'pg'),
      port: await freePort(),
      database: 'bench',
      persistent: false,
      forTests: true,
    });
    url = postgres.url;
    serverPid = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    stop = async () => {
      await postgres.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  for (const target of serviceMigrationTargets(ROOT)) await runMigrations(url, target);
  // The accounts `TestTokens` names: services read a token's rights from its account (docs/adr/0067-rights-read-from-the-account.md).
  await seedTestAccounts(url);
  return { url, serverPid, stop };
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return 0;
  return sortedMs[Math.min(sortedMs.length - 1, Math.floor((p / 100) * sortedMs.length))] ?? 0;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** `concurrency` workers send requests back to back for `seconds`; keep-alive, loopback only. */
export async function closedLoop(options: {
  url: string;
  headers?: Record<string, string>;
  concurrency: number;
  seconds: number;
}): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + options.seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = process.hrtime.bigint();
      const req = request(options.url, { agent, headers: options.headers }, (response) => {
        response.resume();
        response.on('end', () => {
          if ((response.statusCode ?? 500) >= 500) errors += 1;
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (Date.now() < deadline) await once();
    }),
  );
  agent.destroy();
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`;
