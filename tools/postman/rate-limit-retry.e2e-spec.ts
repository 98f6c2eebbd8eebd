// The generated "every operation" collection, run by newman against a stand-in gateway that
// answers 429 with Retry-After before it lets a request through: the collection waits and sends
// the same request again, so a run ends with the real answers, and gives up after its retries.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { platformCollection, RATE_LIMIT_RETRIES } from './platform-collection';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Limited', version: '1.0.0' },
  servers: [{ url: '/' }],
  paths: {
    '/busy': { get: { tags: ['limited'], summary: 'Twice 429, then 200', operationId: 'busy', responses: { '200': { description: 'ok' } } } },
    '/full': { get: { tags: ['limited'], summary: 'Always 429', operationId: 'full', responses: { '200': { description: 'ok' } } } },
  },
};

/** Runs a collection file with newman's command line, as the Postman tests do; resolves with its exit code. */
function runCollection(collectionFile: string, baseUrl: string): Promise<number> {
  const args = [require.resolve('newman/bin/newman.js'), 'run', collectionFile, '--env-var', `baseUrl=${baseUrl}`, '--silent'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

describe('the platform collection under the gateway rate limits', () => {
  let server: Server;
  let baseUrl: string;
  let folder: string;
  const seen = new Map<string, number>();
  const answered: Array<{ path: string; code: number }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const count = (seen.get(req.url ?? '') ?? 0) + 1;
      seen.set(req.url ?? '', count);
      const limited = req.url === '/full' || count <= 2;
      answered.push({ path: req.url ?? '', code: limited ? 429 : 200 });
      res.writeHead(limited ? 429 : 200, { 'content-type': 'application/json', ...(limited ? { 'retry-after': '1' } : {}) });
      res.end(limited ? '{"statusCode":429,"error":"Too Many Requests","message":"Rate limit exceeded, retry later"}' : '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    folder = mkdtempSync(path.join(tmpdir(), 'teamfit-postman-'));
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  it('waits Retry-After and sends the same request again, up to its retries', async () => {
    const { collection } = await platformCollection(DOCUMENT);
    const file = path.join(folder, 'collection.json');
    writeFileSync(file, JSON.stringify(collection));
    const started = Date.now();
    await runCollection(file, baseUrl);
    const codes = answered;
    expect(codes.filter((entry) => entry.path === '/busy').map((entry) => entry.code)).toEqual([429, 429, 200]);
    expect(codes.filter((entry) => entry.path === '/full').map((entry) => entry.code)).toEqual(Array(RATE_LIMIT_RETRIES + 1).fill(429));
    // Five waits of Retry-After: 1 s each.
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
  });
});
