import { type TestGateway } from '@teamfit/gateway/testing';
import path from 'node:path';
import request from 'supertest';
import { type AuthBehindGateway, startAuthBehindGateway } from './platform-services';
import { announceBody, type RawAnswer, rawRequest } from './raw-http';

const ROOT = path.resolve(__dirname, '../..');
const ALLOWED = ['http://localhost:3000', 'http://localhost:3001', 'https://preview.teamfit.example'];
const REFUSED = ['http://evil.example', 'http://localhost:3000.evil.example', 'https://localhost:3000', 'http://localhost:30001', 'null'];
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

const corsHeadersOf = (headers: RawAnswer['headers']) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')));

const preflight = (url: string, pathName: string, origin: string, method = 'POST') =>
  rawRequest(url, 'OPTIONS', pathName, {
    origin,
    'access-control-request-method': method,
    'access-control-request-headers': 'authorization,content-type,x-app-source',
  });

/** What a page on an allowed origin may read of an actual answer. */
const expectReadableBy = (answer: RawAnswer, origin: string) => {
  expect(corsHeadersOf(answer.headers)).toEqual({
    'access-control-allow-origin': origin,
    'access-control-expose-headers': 'X-Total-Count, X-Request-Id, Retry-After',
  });
  expect(String(answer.headers['vary'])).toMatch(/\bOrigin\b/);
  expect(answer.headers).toMatchObject(SECURITY_HEADERS);
};

describe('CORS at the gateway', () => {
  let platform: AuthBehindGateway;
  let gateway: TestGateway;

  beforeAll(async () => {
    platform = await startAuthBehindGateway(ROOT, { corsOrigins: ALLOWED });
    gateway = platform.gateway;
  });

  afterAll(() => platform?.stop());

  describe.each(ALLOWED)('a page on the allowed origin %s', (origin) => {
    it.each([
      ['/auth/login', 'POST'],
      ['/evaluation/evaluation/8c1f8a6e-0000-4000-8000-000000000000/answer', 'POST'],
      ['/admin/service-requests/abc', 'PATCH'],
      ['/profile/persona/1', 'DELETE'],
    ])('is answered a preflight for %s (%s) by nginx itself: 204 with what it may send', async (pathName, method) => {
      const answer = await preflight(gateway.url, pathName, origin, method);
      expect(answer.status).toBe(204);
      expect(answer.body).toBe('');
      expect(corsHeadersOf(answer.headers)).toEqual({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': 'Authorization, Content-Type, X-App-Source, X-Request-Id',
        'access-control-max-age': '600',
      });
      expect(answer.headers['vary']).toBe('Origin');
      expect(answer.headers).toMatchObject(SECURITY_HEADERS);
    });

    it('may read answers from the services and the gateway, errors included', async () => {
      const service = await rawRequest(gateway.url, 'GET', '/auth/health', { origin });
      expect(service.status).toBe(200);
      expectReadableBy(service, origin);
      // Not /auth/nowhere: that would spend the sign-in budget the last test counts on.
      const serviceError = await rawRequest(gateway.url, 'POST', '/auth/docs-json', { origin });
      expect(JSON.parse(serviceError.body)).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot POST /docs-json' });
      expectReadableBy(serviceError, origin);
      for (const [answer, status] of [
        [await rawRequest(gateway.url, 'GET', '/health', { origin }), 200],
        [await rawRequest(gateway.url, 'GET', '/nowhere', { origin }), 404],
        [await rawRequest(gateway.url, 'GET', '/.env', { origin }), 403],
        [await rawRequest(gateway.url, 'GET', '/media/health', { origin }), 502],
        [await announceBody(gateway.url, '/profile/health', 50 * 1024 * 1024 + 1, { origin }), 413],
      ] as const) {
        expect(answer.status).toBe(status);
        expectReadableBy(answer, origin);
      }
    });
  });

  it.each(REFUSED)('gives a page on %s no CORS header at all, on a preflight or an answer', async (origin) => {
    const answer = await preflight(gateway.url, '/auth/login', origin);
    expect(answer.status).toBe(204);
    expect(corsHeadersOf(answer.headers)).toEqual({});
    for (const pathName of ['/auth/health', '/nowhere', '/media/health'])
      expect(corsHeadersOf((await rawRequest(gateway.url, 'GET', pathName, { origin })).headers)).toEqual({});
  });

  it('sends no CORS header to a caller without an Origin, and passes an OPTIONS that is no preflight on to the service', async () => {
    const plain = await rawRequest(gateway.url, 'GET', '/auth/health');
    expect(corsHeadersOf(plain.headers)).toEqual({});
    expect(plain.headers['vary']).toBe('Origin');
    const options = await rawRequest(gateway.url, 'OPTIONS', '/auth/docs-json', { origin: ALLOWED[0] ?? '' });
    expect(JSON.parse(options.body)).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot OPTIONS /docs-json' });
  });

  it('does not count preflights against the sign-in budget, and lets a page read its 429', async () => {
    const origin = ALLOWED[0] ?? '';
    // Twice the burst: a limited preflight would be 429 from the 12th on.
    const statuses = await Promise.all(
      Array.from({ length: 22 }, async () => (await preflight(gateway.url, '/auth/login', origin)).status),
    );
    expect(statuses).toEqual(Array(22).fill(204));
    // The whole budget (1 + burst 10) is still there for the calls themselves.
    for (let i = 0; i < 11; i += 1) await request(gateway.url).post('/auth/login').set('origin', origin).send({}).expect(400);
    const limited = await rawRequest(gateway.url, 'POST', '/auth/login', { origin });
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded, retry later' });
    expectReadableBy(limited, origin);
    expect((await preflight(gateway.url, '/auth/login', origin)).status).toBe(204);
  });
});
