// The server `npm start` and the images serve the web apps with, over real HTTP, on a built app's
// shape (index.html with the meta the host fills, hashed assets).
import { startWebAppServer, type RunningWebApp } from '@teamfit/web-host';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const INDEX = `<!doctype html><html lang="en"><head><meta name="teamfit-api-base-url" content=""><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, init: { method?: string; path?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const call = request(
      { host: target.hostname, port: target.port, method: init.method ?? 'GET', path: init.path ?? '/', headers: init.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    call.on('error', reject);
    call.end();
  });
}

describe('a built web app served by the web host', () => {
  let root: string;
  let app: RunningWebApp;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'web-host-'));
    await mkdir(path.join(root, 'assets'));
    await writeFile(path.join(root, 'index.html'), INDEX);
    await writeFile(path.join(root, 'assets', 'index-abc123.js'), SCRIPT);
    await writeFile(path.join(root, 'assets', 'index-abc123.js.map'), '{}');
    app = await startWebAppServer({ root, port: 0, host: '127.0.0.1', apiBaseUrl: 'http://localhost:8080' });
  });

  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it('answers an app route with index.html, the API base URL filled in, never cached without a check', async () => {
    const answer = await get(app.url, { path: '/evaluations/4b1f1d7e-0000-4000-8000-000000000000' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body.toString()).toContain('<meta name="teamfit-api-base-url" content="http://localhost:8080">');
    expect(answer.headers['content-security-policy']).toContain("connect-src 'self' http://localhost:8080");
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('serves hashed assets compressed and cacheable for good, and answers a repeat visit with 304', async () => {
    const answer = await get(app.url, { path: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
    const etag = String(answer.headers['etag']);
    const again = await get(app.url, { path: '/assets/index-abc123.js', headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('keeps source maps and unknown files to itself', async () => {
    expect((await get(app.url, { path: '/assets/index-abc123.js.map' })).status).toBe(404);
    expect((await get(app.url, { path: '/assets/other.js' })).status).toBe(404);
    expect((await get(app.url, { path: '/../package.json' })).status).toBe(404);
  });

  it('refuses other methods and malformed addresses with a clear status', async () => {
    const post = await get(app.url, { method: 'POST', path: '/' });
    expect(post.status).toBe(405);
    expect(post.headers['allow']).toBe('GET, HEAD');
    expect((await get(app.url, { path: '/%E0%A4%A' })).status).toBe(400);
    expect((await get(app.url, { path: '/a%00b' })).status).toBe(400);
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await get(app.url, { method: 'HEAD', path: '/' });
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it('refuses to start on a folder without a built app', async () => {
    await expect(startWebAppServer({ root: path.join(root, 'assets'), port: 0, apiBaseUrl: 'http://localhost:8080' })).rejects.toThrow(
      /\(index\.html is missing\): run npm run build/,
    );
  });
});
