// The largest request bodies each kind of caller may send, against the profile service as `npm start`
// runs it (its own process, built code): for each, how long the service's event loop was held (the
// slowest of `GET /health` probes sent every 10 ms meanwhile) and how much its peak resident memory
// (VmHWM) grew. The outcome asked of the service: no body within the gateway's 50 MB, from any
// caller, holds the loop for more than 1 s or grows the peak by more than 100 MB.
// Run: npm run bench:bodies. Loopback and free ports only; an embedded PostgreSQL in a temp folder.
import { TokenSigner, type TokenKind } from '@teamfit/auth';
import { JSON_BODY_LIMIT, MAX_ARRAY_ITEMS, MAX_BODY_VALUES, MAX_OBJECT_FIELDS, UNAUTHENTICATED_BODY_LIMIT } from '@teamfit/common';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { benchBasics, startBenchService } from './bench-services';

const GATEWAY_BODY_LIMIT = 50 * 1024 * 1024;
const HOLD_LIMIT_MS = 1_000;
const GROWTH_LIMIT_MIB = 100;

const log = (line: string) => process.stdout.write(`${line}\n`);
const peakMiB = (pid: number): number => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** `[{},{},…]` of about `bytes`: the most values a body of that size can hold. */
const manySmallValues = (bytes: number): Buffer => Buffer.from(`[${'{},'.repeat(Math.floor(bytes / 3) - 1)}{}]`);
/** `{"k0":"v",…}` of about `bytes`: the most fields. */
const manyFields = (bytes: number): Buffer => {
  const parts: string[] = [];
  let size = 2;
  for (let index = 0; size < bytes - 32; index += 1) {
    const part = `"k${index}":"v"`;
    parts.push(part);
    size += part.length + 1;
  }
  return Buffer.from(`{${parts.join(',')}}`);
};
/** As many values as a body may hold, in arrays as long as they may be (`bytes` is not used: it is far smaller). */
const mostValues = (): Buffer => {
  const arrays = Math.ceil(MAX_BODY_VALUES / (MAX_ARRAY_ITEMS + 1));
  const items = Math.floor((MAX_BODY_VALUES - 1 - arrays) / arrays);
  return Buffer.from(`[${Array.from({ length: arrays }, () => `[${'{},'.repeat(items - 1)}{}]`).join(',')}]`);
};
/** As many unknown fields as an object may hold, each with an array of values, up to the body's limit in values. */
const mostFields = (): Buffer => {
  const each = Math.floor((MAX_BODY_VALUES - 1 - MAX_OBJECT_FIELDS) / MAX_OBJECT_FIELDS);
  const value = `[${'0,'.repeat(each - 1)}0]`;
  return Buffer.from(`{${Array.from({ length: MAX_OBJECT_FIELDS }, (_, index) => `"k${index}":${value}`).join(',')}}`);
};
/** One string field of about `bytes`. */
const oneLongString = (bytes: number): Buffer => Buffer.from(JSON.stringify({ description: 'x'.repeat(bytes - 32) }));

function post(url: string, body: Buffer, authorization: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length, ...(authorization ? { authorization } : {}) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    // A service that refuses early may close before the whole body is written: its answer counts.
    request.on('error', (error) => reject(error));
    request.end(body);
  });
}

/** The slowest /health answer while `work` runs, probing every 10 ms. */
async function slowestProbeWhile(healthUrl: string, work: Promise<number>): Promise<{ status: number; slowestMs: number }> {
  let done = false;
  let slowest = 0;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(healthUrl).then((response) => response.arrayBuffer());
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const status = await work.finally(() => {
    done = true;
  });
  await probing;
  return { status, slowestMs: slowest };
}

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const { databaseUrl, keys, admin } = await benchBasics(cleanups);
    const service = await startBenchService('profile', { databaseUrl, keys, index: 1 }, cleanups);
    const signer = new TokenSigner({ ...keys, issuer: 'teamfit', audience: 'teamfit-api' });
    const token = (kind: TokenKind) =>
      `Bearer ${signer.sign({ sub: '00000000-0000-4000-8000-000000000001', kind, emailAddress: 'admin@teamfit.local' }, 600)}`;
    // What each caller may have read: the most a service parses for it.
    const callers: Array<{ caller: string; authorization: string | undefined; readLimit: number }> = [
      { caller: 'no token', authorization: undefined, readLimit: UNAUTHENTICATED_BODY_LIMIT },
      { caller: 'login step token', authorization: token('login'), readLimit: UNAUTHENTICATED_BODY_LIMIT },
      { caller: 'persona login step token', authorization: token('persona-login'), readLimit: UNAUTHENTICATED_BODY_LIMIT },
      { caller: 'persona access token', authorization: token('persona'), readLimit: JSON_BODY_LIMIT },
      { caller: 'administrator access token', authorization: `Bearer ${admin}`, readLimit: JSON_BODY_LIMIT },
    ];
    const bodies = [
      { shape: '[{},{},…]', make: manySmallValues },
      { shape: '{"k0":"v",…}', make: manyFields },
      { shape: 'one long string', make: oneLongString },
      { shape: 'the most values a body may hold', make: mostValues, fixed: true },
      { shape: 'the most fields an object may hold', make: mostFields, fixed: true },
    ];
    const sizes = (readLimit: number) => [
      { size: 'the gateway limit, 50 MB', bytes: GATEWAY_BODY_LIMIT },
      { size: 'the most that is read', bytes: readLimit - 64 },
    ];
    log('| caller | body | size | status | event loop held (slowest /health) | peak RSS growth |');
    log('|---|---|---|---|---|---|');
    const failures: string[] = [];
    for (const { caller, authorization, readLimit } of callers) {
      for (const { shape, make, fixed } of bodies) {
        for (const { size, bytes } of fixed ? [{ size: 'its own', bytes: 0 }] : sizes(readLimit)) {
          const body = make(bytes);
          const before = peakMiB(service.pid ?? 0);
          const { status, slowestMs } = await slowestProbeWhile(
            `${service.url}/health`,
            post(`${service.url}/persona`, body, authorization),
          );
          const growth = peakMiB(service.pid ?? 0) - before;
          log(
            `| ${caller} | ${shape} | ${size} (${(body.length / 1024).toFixed(0)} KiB) | ${status} | ${slowestMs.toFixed(0)} ms | ${growth.toFixed(1)} MiB |`,
          );
          if (slowestMs > HOLD_LIMIT_MS || growth > GROWTH_LIMIT_MIB || status >= 500) failures.push(`${caller}, ${shape}, ${size}`);
        }
      }
    }
    log(
      failures.length === 0
        ? `\nevery body: loop held ≤ ${HOLD_LIMIT_MS} ms, peak growth ≤ ${GROWTH_LIMIT_MIB} MiB, no 5xx`
        : `\nover the limits: ${failures.join('; ')}`,
    );
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

void main();
