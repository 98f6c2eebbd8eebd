import { spawnSync } from 'node:child_process';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Script } from 'node:vm';
import { collectGarbage, collectStartupGarbageAfterFirstRequest } from './startup-garbage';

const request = (server: Server) =>
  new Promise<void>((resolve, reject) => {
    get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, (response) => {
      response.resume();
      response.on('end', resolve);
    }).on('error', reject);
  });

describe('collectGarbage', () => {
  it('frees what is no longer reachable, which an idle process would otherwise keep', () => {
    let garbage: Array<{ n: number; text: string }> | undefined = Array.from({ length: 300_000 }, (_, n) => ({ n, text: `item ${n}` }));
    const withGarbage = process.memoryUsage().heapUsed;
    expect(garbage).toHaveLength(300_000);
    garbage = undefined;
    collectGarbage();
    // 300,000 objects with their strings are well over 10 MB of old-generation heap.
    expect(withGarbage - process.memoryUsage().heapUsed).toBeGreaterThan(10_000_000);
    expect(garbage).toBeUndefined();
  });
});

describe('collectGarbage and the code cache', () => {
  it('leaves the V8 flags as they were: a code cache made by a process started alike is still accepted', () => {
    const source = '(function answer() { return 42; })';
    const made = spawnSync(process.execPath, [...process.execArgv, '-e', `process.stdout.write(new (require('node:vm').Script)(${JSON.stringify(source)}, { filename: 'answer.js' }).createCachedData().toString('base64'))`], { encoding: 'utf8' });
    expect(made.status).toBe(0);
    collectGarbage();
    const script = new Script(source, { filename: 'answer.js', cachedData: Buffer.from(made.stdout, 'base64') });
    expect(script.cachedDataRejected).toBe(false);
  });
});

describe('collectStartupGarbageAfterFirstRequest', () => {
  let server: Server;
  beforeEach(async () => {
    server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('collects once, a while after the first request, and never again', async () => {
    let collections = 0;
    collectStartupGarbageAfterFirstRequest(20, () => (collections += 1));
    await sleep(60);
    expect(collections).toBe(0);
    await request(server);
    expect(collections).toBe(0);
    await sleep(100);
    expect(collections).toBe(1);
    await request(server);
    await sleep(100);
    expect(collections).toBe(1);
  });
});
