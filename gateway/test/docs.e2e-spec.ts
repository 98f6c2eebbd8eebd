import { type TestGateway } from '@teamfit/gateway/testing';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { type AuthBehindGateway, startAuthBehindGateway } from './platform-services';

const ROOT = path.resolve(__dirname, '../..');
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The page and every script and style it loads, each fetched once. */
async function visit(gatewayUrl: string, pagePath: string): Promise<request.Response[]> {
  const page = await request(gatewayUrl).get(pagePath).redirects(1).expect(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  // script-src 'self' allows no inline script: every script of the page must be a same-origin file.
  const scripts = [...page.text.matchAll(/<script([^>]*)>/g)].map((match) => /src=["']([^"']+)["']/.exec(match[1] ?? '')?.[1]);
  expect(scripts.length).toBeGreaterThan(0);
  const sheets = [...page.text.matchAll(/<link[^>]*rel=["']stylesheet["'][^>]*>/g)].map(
    (match) => /href=["']([^"']+)["']/.exec(match[0])?.[1],
  );
  expect(sheets.length).toBeGreaterThan(0);
  const pageUrl = new URL(page.redirects.at(-1) ?? pagePath, gatewayUrl);
  const assets: request.Response[] = [];
  for (const source of [...scripts, ...sheets]) {
    expect(source).toEqual(expect.any(String));
    const asset = new URL(source ?? '', pageUrl);
    expect(asset.origin).toBe(pageUrl.origin);
    assets.push(await request(gatewayUrl).get(asset.pathname).expect(200));
  }
  return [page, ...assets];
}

// Signing in after many page loads, in a real browser, is in browser.e2e-spec.ts.
describe('API pages through the gateway', () => {
  let platform: AuthBehindGateway;
  let gateway: TestGateway;

  beforeAll(async () => {
    platform = await startAuthBehindGateway(ROOT);
    gateway = platform.gateway;
  });

  afterAll(() => platform?.stop());

  it.each(['/docs', '/auth/docs'])('%s loads its own scripts and styles under the docs CSP', async (pagePath) => {
    const answers = await visit(gateway.url, pagePath);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe(DOCS_CSP);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    if (pagePath === '/auth/docs') {
      // A service serves Swagger UI's own script files as text/javascript, as it always has.
      const uiFiles = answers.filter((answer) => /\/swagger-ui-(bundle|standalone-preset)\.js$/.test(new URL(answer.request.url).pathname));
      expect(uiFiles).toHaveLength(2);
      for (const file of uiFiles) expect(file.headers['content-type']).toBe('text/javascript; charset=utf-8');
    }
  });

  it('/docs-json serves the committed platform document under the strict CSP, readable by the app origins', async () => {
    const committed: unknown = JSON.parse(readFileSync(path.join(ROOT, 'docs', 'openapi', 'platform.json'), 'utf8'));
    const response = await request(gateway.url).get('/docs-json').set('origin', 'http://localhost:3000').expect(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.body).toEqual(committed);
    expect(response.headers['content-security-policy']).toBe(API_CSP);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    // The services' own descriptions keep the strict CSP too.
    expect((await request(gateway.url).get('/auth/docs-json').expect(200)).headers['content-security-policy']).toBe(API_CSP);
  });

  it('serves only the Swagger UI files the page needs', async () => {
    for (const other of ['/docs/index.html', '/docs/swagger-initializer.js', '/docs/package.json', '/docs/']) {
      const response = await request(gateway.url).get(other).expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'No route matches this path' });
    }
  });

  it('the API pages have a limit of their own: a flood of them is 429 in the platform body, sign-in untouched', async () => {
    const answers = await Promise.all(Array.from({ length: 80 }, () => request(gateway.url).get('/docs/platform-docs.js')));
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status !== 429).every((answer) => answer.status === 200)).toBe(true);
    expect(limited[0]?.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded, retry later' });
    await request(gateway.url).post('/auth/token').send({ refreshToken: 'not-a-token' }).expect(403);
  });
});
