import { SERVICE_NAMES, type ServiceName } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { type RunningTestService, TEST_MEMBER_ACCOUNT, TestTokens } from '@teamfit/platform/testing';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { startPlatformServices, stopPlatformServices } from './platform-services';
import { announceBody, type RawAnswer, rawHead, rawRequest } from './raw-http';

const ROOT = path.resolve(__dirname, '../..');
const MB = 1024 * 1024;

const expectPlatformError = (body: unknown, statusCode: number) => {
  expect(body).toEqual({ statusCode, error: expect.any(String), message: expect.any(String) });
};

const jsonOfSize = (bytes: number): string => `{"data":"${'x'.repeat(bytes - 11)}"}`;

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const expectSecurityHeaders = (headers: Record<string, unknown>, csp: string = API_CSP) => {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['content-security-policy']).toBe(csp);
};

const expectJsonError = (answer: RawAnswer, statusCode: number, message: string) => {
  expect(answer.status).toBe(statusCode);
  expect(answer.headers['content-type']).toBe('application/json');
  expect(JSON.parse(answer.body)).toEqual({ statusCode, error: expect.any(String), message });
  expectSecurityHeaders(answer.headers);
};

describe('gateway in front of the five services', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let services: Record<ServiceName, RunningTestService>;
  let gateway: TestGateway;

  beforeAll(async () => {
    database = await createTestDatabase();
    services = await startPlatformServices({ databaseUrl: database.url, keys: tokens.keys });
    gateway = await startTestGateway(ROOT, {
      auth: services.auth.port,
      profile: services.profile.port,
      organisation: services.organisation.port,
      media: services.media.port,
      evaluation: services.evaluation.port,
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await stopPlatformServices(services);
    await database?.drop();
  });

  it('answers its own /health with "healthy" and a newline', async () => {
    const response = await request(gateway.url).get('/health').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toBe('healthy\n');
  });

  it.each(SERVICE_NAMES)('%s: /health and /_ping through its prefix', async (name) => {
    const health = await request(gateway.url).get(`/${name}/health`).expect(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ping = await request(gateway.url).get(`/${name}/_ping`).expect(200);
    expect(ping.text).toBe('');
  });

  it.each(SERVICE_NAMES)('%s: publishes its OpenAPI 3.0.3 description', async (name) => {
    const response = await request(gateway.url).get(`/${name}/docs-json`).expect(200);
    expect(response.body.openapi).toBe('3.0.3');
    expect(Object.keys((response.body as { paths: object }).paths)).toEqual(expect.arrayContaining(['/health', '/_ping']));
    expect(response.body.servers).toEqual([{ url: `/${name}`, description: 'Through the gateway' }]);
  });

  it('strips the prefix before forwarding: the service sees the path without it', async () => {
    const response = await request(gateway.url).get('/auth/auth/health').expect(404);
    expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /auth/health' });
  });

  it('routes the service-request paths to the organisation service unstripped', async () => {
    const admin = await request(gateway.url).get('/admin/service-requests').set('authorization', `Bearer ${tokens.admin()}`).expect(200);
    expect(admin.body).toMatchObject({ items: [], total: 0 });
    const hub = await request(gateway.url).get('/hub/service-requests').set('authorization', `Bearer ${tokens.account()}`).expect(200);
    expect(hub.body).toMatchObject({ items: [], total: 0 });
    await request(gateway.url).get('/admin/service-requests').expect(401);
  });

  it('serves /static/ files itself with a one-year immutable cache', async () => {
    const response = await request(gateway.url).get('/static/robots.txt').expect(200);
    expect(response.text).toContain('User-agent');
    const cacheControl = String(response.headers['cache-control']);
    expect(cacheControl).toContain('public');
    expect(cacheControl).toContain('immutable');
    const expires = Date.parse(String(response.headers['expires']));
    const days = (expires - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
  });

  it('publishes the key set that verifies tokens at /auth/.well-known/jwks.json, and no other dot path of /auth', async () => {
    const response = await request(gateway.url).get('/auth/.well-known/jwks.json').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const keys = (response.body as { keys: { kid: string }[] }).keys;
    // The key that signs the tokens of this platform, by the id its tokens carry.
    const [header] = tokens.admin().split('.');
    expect(keys.map((key) => key.kid)).toEqual([(JSON.parse(Buffer.from(header ?? '', 'base64url').toString()) as { kid: string }).kid]);
    await request(gateway.url).get('/auth/.well-known/other.json').expect(403);
  });

  it.each(['/x.php', '/a/b.aspx', '/legacy/index.ASP', '/page.jsp', '/.env', '/profile/.git/config', '/static/.hidden'])(
    'blocks %s with 403 in the platform body',
    async (blocked) => {
      const response = await request(gateway.url).get(blocked).expect(403);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expectPlatformError(response.body, 403);
    },
  );

  it.each(SERVICE_NAMES)("keeps %s's metrics from callers, however the path is spelled", async (name) => {
    await request(services[name].url).get('/metrics').expect(200);
    for (const spelling of [`/${name}/metrics`, `/${name}/METRICS/`, `/${name}//metrics`, `/${name}/./metrics`, `/${name}/%6Detrics`]) {
      const answer = await rawRequest(gateway.url, 'GET', spelling);
      expect({ spelling, status: answer.status }).toEqual({ spelling, status: 404 });
      expectPlatformError(JSON.parse(answer.body), 404);
    }
  });

  it('gives its own connection counts to a reader on the same host (an exporter beside it)', async () => {
    const response = await request(gateway.url).get('/_gateway/status').expect(200);
    expect(response.text).toMatch(/^Active connections: \d+/);
  });

  it('answers unknown prefixes and unknown routes with 404 in the platform body', async () => {
    const gatewayMade = await request(gateway.url).get('/nowhere').expect(404);
    expect(gatewayMade.headers['content-type']).toMatch(/^application\/json/);
    expectPlatformError(gatewayMade.body, 404);
    const serviceMade = await request(gateway.url).get('/evaluation/nowhere').expect(404);
    expect(serviceMade.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /nowhere' });
    const missingStatic = await request(gateway.url).get('/static/missing.css').expect(404);
    expectPlatformError(missingStatic.body, 404);
  });

  it('answers malformed JSON with 400 in the platform body', async () => {
    const response = await request(gateway.url).post('/media/health').set('content-type', 'application/json').send('{"a":').expect(400);
    expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The request body is not valid JSON' });
  });

  it('refuses bodies past 50 MB with 413 in the platform body', async () => {
    const response = await announceBody(gateway.url, '/profile/health', 50 * MB + 1);
    expect(response.status).toBe(413);
    expectPlatformError(JSON.parse(response.body), 413);
  });

  // The gateway passes bodies up to its limit; what a service then reads is the service's rule (a
  // JSON body at most 1 MiB, docs/adr/0063-bounded-request-bodies.md), so these bodies are of a
  // type no service parses, as an upload's stream is.
  it('lets a 49 MB body through to a service, whose own limit is not lower', async () => {
    const response = await request(gateway.url)
      .post('/profile/health')
      .set('content-type', 'application/octet-stream')
      .set('authorization', `Bearer ${tokens.account()}`)
      .send(jsonOfSize(49 * MB));
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Cannot POST /health');
  });

  it('refuses a body past 64 KiB with 413 when the bearer token is made up, before reading it', async () => {
    const response = await request(gateway.url)
      .post('/profile/health')
      .set('content-type', 'application/json')
      .set('authorization', 'Bearer made.up.token')
      .send(jsonOfSize(MB));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'The request body is too large' });
  });

  it('lets a 60 MB body through to /media (limit 100 MB) but not past 100 MB', async () => {
    const response = await request(gateway.url)
      .post('/media/health')
      .set('content-type', 'application/octet-stream')
      .set('authorization', `Bearer ${tokens.account()}`)
      .send(jsonOfSize(60 * MB));
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Cannot POST /health');
    const tooLarge = await announceBody(gateway.url, '/media/health', 100 * MB + 1);
    expect(tooLarge.status).toBe(413);
  });

  it.each([
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/auth/../../etc/passwd',
    '/evaluation/%2E%2E/%2e%2e/%2e%2e/etc/passwd',
    '/static/..%2f..%2f..%2fetc/passwd',
  ])('answers the path traversal %s with 400 in the platform body', async (rawPath) => {
    const answer = await rawRequest(gateway.url, 'GET', rawPath);
    expectJsonError(answer, 400, 'The request line, path or headers are malformed');
  });

  it('answers a method nginx refuses with 405 in the platform body', async () => {
    expectJsonError(await rawRequest(gateway.url, 'POST', '/static/robots.txt'), 405, 'This method is not allowed on this path');
    expectJsonError(await rawRequest(gateway.url, 'TRACE', '/evaluation/health'), 405, 'This method is not allowed on this path');
  });

  it('answers an over-long URI with 414 and an over-large header with 400, both in the platform body', async () => {
    expectJsonError(await rawRequest(gateway.url, 'GET', `/evaluation/${'a'.repeat(9000)}`), 414, 'The request URI is too long');
    const header = await rawRequest(gateway.url, 'GET', '/evaluation/health', { cookie: `c=${'a'.repeat(9000)}` });
    expectJsonError(header, 400, 'A request header or the cookies are too large');
  });

  it('adds the security headers to proxied answers, service errors and gateway errors', async () => {
    const proxied = await request(gateway.url).get('/evaluation/health').expect(200);
    expectSecurityHeaders(proxied.headers);
    const serviceError = await request(gateway.url).get('/profile/nowhere').expect(404);
    expect(serviceError.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /nowhere' });
    expectSecurityHeaders(serviceError.headers);
    expectSecurityHeaders((await request(gateway.url).get('/nowhere').expect(404)).headers);
    expectSecurityHeaders((await request(gateway.url).get('/.env').expect(403)).headers);
    expectSecurityHeaders((await request(gateway.url).get('/health').expect(200)).headers);
    const staticFile = await request(gateway.url).get('/static/robots.txt').expect(200);
    expectSecurityHeaders(staticFile.headers);
    expect(String(staticFile.headers['cache-control'])).toContain('immutable');
  });

  describe('the access guard, through the gateway', () => {
    const probe = '/organisation/__probe';

    it('401 without an Authorization header', async () => {
      const response = await request(gateway.url).get(`${probe}/protected`).expect(401);
      expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing Authorization header' });
    });

    it('403 for a malformed, forged, expired or wrong-kind token', async () => {
      const other = new TestTokens();
      const expired = new TestTokens(tokens.keys, () => Math.floor(Date.now() / 1000) - 3600).account();
      const loginToken = tokens.mint({ sub: 'challenge', kind: 'login', emailAddress: 'a@example.test', challengeId: 'c1' });
      for (const bad of ['garbage', other.account(), expired, loginToken]) {
        const response = await request(gateway.url).get(`${probe}/protected`).set('authorization', `Bearer ${bad}`).expect(403);
        expectPlatformError(response.body, 403);
      }
      const notBearer = await request(gateway.url).get(`${probe}/protected`).set('authorization', `Basic ${tokens.account()}`).expect(403);
      expectPlatformError(notBearer.body, 403);
    });

    it('200 for a valid access token, which cannot be used at a login step', async () => {
      const token = tokens.account();
      const response = await request(gateway.url).get(`${probe}/protected`).set('authorization', `Bearer ${token}`).expect(200);
      expect(response.body).toEqual({ sub: TEST_MEMBER_ACCOUNT.id, kind: 'account' });
      await request(gateway.url).get(`${probe}/login-step`).set('authorization', `Bearer ${token}`).expect(403);
    });

    it('403 for a non-administrator on an administrator route, 200 for an administrator', async () => {
      const denied = await request(gateway.url).get(`${probe}/admin`).set('authorization', `Bearer ${tokens.account()}`).expect(403);
      expect(denied.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Administrator rights are required' });
      await request(gateway.url).get(`${probe}/admin`).set('authorization', `Bearer ${tokens.admin()}`).expect(200);
    });

    it('gives the service the caller address, not a forwarded chain the caller made up', async () => {
      const response = await request(gateway.url).get(`${probe}/caller`).set('x-forwarded-for', '203.0.113.9').expect(200);
      expect(response.body).toEqual({ ip: '127.0.0.1', forwardedFor: '127.0.0.1' });
    });
  });
});

describe('gateway rate limits and upstream failures', () => {
  let gateway: TestGateway;
  let services: Record<ServiceName, RunningTestService>;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    services = await startPlatformServices({ databaseUrl: database.url, keys: new TestTokens().keys });
    // A fresh nginx: its rate-limit zones have seen no request yet. /media has no upstream.
    gateway = await startTestGateway(ROOT, { auth: services.auth.port, profile: services.profile.port });
  });

  afterAll(async () => {
    await gateway?.stop();
    await stopPlatformServices(services);
    await database?.drop();
  });

  it('/auth sign-in calls: 1 + burst 10 pass at once, the 12th is 429 in the platform body', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await request(gateway.url).post('/auth/login').send({})).status);
    expect(statuses.slice(0, 11)).toEqual(Array(11).fill(400));
    expect(statuses[11]).toBe(429);
    const response = await request(gateway.url).post('/auth/verify').send({}).expect(429);
    expectPlatformError(response.body, 429);
  });

  // The services ignore case and a trailing slash, so every spelling of a sign-in call must spend the same budget.
  it.each([
    '/auth/token',
    '/auth/logout',
    '/auth/LOGIN/',
    '/auth/Verify',
    '/auth/nowhere',
    '/auth/health/',
    '/profile/persona/login',
    '/profile/persona/LOGIN/',
    '/profile/persona/Token',
  ])('once the sign-in budget is spent, POST %s is 429 too', async (pathName) => {
    const response = await request(gateway.url).post(pathName).send({}).expect(429);
    expectPlatformError(response.body, 429);
  });

  it('the auth probes and API pages keep budgets of their own when the sign-in budget is spent', async () => {
    await request(gateway.url).post('/auth/login').send({}).expect(429);
    expect((await request(gateway.url).get('/auth/health').expect(200)).body).toEqual({ status: 'ok' });
    await request(gateway.url).get('/auth/_ping').expect(200);
    expect((await request(gateway.url).get('/auth/docs-json').expect(200)).body.openapi).toBe('3.0.3');
  });

  it('/profile: 1 + burst 20 pass at once, the 22nd is 429', async () => {
    // 10 r/s refills one request every 100 ms: sent together, the 22 arrive well inside that.
    const statuses = await Promise.all(Array.from({ length: 22 }, async () => (await request(gateway.url).get('/profile/health')).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(21);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  });

  it('answers 502 in the platform body when the service behind a prefix is down', async () => {
    const response = await request(gateway.url).get('/media/health').expect(502);
    expectPlatformError(response.body, 502);
  });

  it('answers a transfer encoding it does not implement 501 in the platform body', async () => {
    const answer = await rawHead(gateway.url, 'POST /profile/persona HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: xchunked');
    expectJsonError(answer, 501, 'The request uses a transfer encoding the gateway does not implement');
  });

  it('answers 504 in the platform body, with 504 in it, when a service does not answer in time', async () => {
    // A service that takes the request and never answers, behind a gateway that waits 1 s for it.
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket.on('error', () => undefined)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const slow = await startTestGateway(path.resolve(__dirname, '..', '..'), { media: port }, { readTimeoutSeconds: 1 });
    try {
      expectJsonError(await rawRequest(slow.url, 'GET', '/media/health'), 504, 'The service behind this path did not answer in time');
    } finally {
      await slow.stop();
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
