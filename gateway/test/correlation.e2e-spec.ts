// One request followed across the gateway and a service: the caller's request id and trace
// context reach the service and come back, the access log is one JSON object per line with
// them, and the gateway's own 429 says when to retry. The service here is a plain HTTP server
// that answers with the headers it received, so what the gateway forwards is seen exactly.
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';

const ROOT = path.resolve(__dirname, '../..');
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('gateway: request ids, trace context, access log and Retry-After', () => {
  let echo: Server;
  let gateway: TestGateway;
  let logDir: string;
  let accessLog: string;
  /** The answer the echo service gives next: 200 with the headers it saw, or a status and headers of its own. */
  let next: { status: number; headers: Record<string, string> } | undefined;

  beforeAll(async () => {
    echo = createServer((req, res) => {
      const own = next;
      next = undefined;
      if (own) {
        res.writeHead(own.status, { ...own.headers, 'content-type': 'application/json' }).end('{}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': String(req.headers['x-request-id']) });
      res.end(JSON.stringify(req.headers));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const port = (echo.address() as { port: number }).port;
    logDir = mkdtempSync(path.join(tmpdir(), 'teamfit-gateway-log-'));
    accessLog = path.join(logDir, 'access.log');
    gateway = await startTestGateway(ROOT, { evaluation: port, organisation: port }, { accessLog });
  });

  afterAll(async () => {
    await gateway?.stop();
    await new Promise((resolve) => echo?.close(resolve));
    rmSync(logDir, { recursive: true, force: true });
  });

  const seenBy = async (headers: Record<string, string>) => {
    const response = await request(gateway.url).get('/evaluation/anything').set(headers).expect(200);
    return { answer: response.headers, upstream: response.body as IncomingHttpHeaders };
  };

  it("keeps a caller's well-formed X-Request-Id, forwards it and answers with it once", async () => {
    const { answer, upstream } = await seenBy({ 'x-request-id': 'client-42.retry_1' });
    expect(upstream['x-request-id']).toBe('client-42.retry_1');
    expect(answer['x-request-id']).toBe('client-42.retry_1');
  });

  it.each([
    ['text with spaces', 'a b'],
    ['a quote that would end a log field', 'abc"def'],
    ['129 characters', 'x'.repeat(129)],
  ])('makes its own request id when the caller sends %s', async (_case, id) => {
    const { answer, upstream } = await seenBy({ 'x-request-id': id });
    expect(upstream['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(answer['x-request-id']).toBe(upstream['x-request-id']);
  });

  it('makes a request id when there is none, and puts it on its own answers too', async () => {
    const { answer, upstream } = await seenBy({});
    expect(upstream['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(answer['x-request-id']).toBe(upstream['x-request-id']);
    const notFound = await request(gateway.url).get('/nowhere').set('x-request-id', 'probe-1').expect(404);
    expect(notFound.headers['x-request-id']).toBe('probe-1');
  });

  it('forwards a well-formed traceparent and drops a malformed one', async () => {
    expect((await seenBy({ traceparent: TRACEPARENT })).upstream['traceparent']).toBe(TRACEPARENT);
    expect((await seenBy({ traceparent: '00-xyz-00f067aa0ba902b7-01' })).upstream['traceparent']).toBeUndefined();
  });

  it('writes one JSON object per request with the request id, status, upstream and timings', async () => {
    await seenBy({ 'x-request-id': 'logged-1', traceparent: TRACEPARENT });
    await request(gateway.url).get('/evaluation/with?token=secret').set('x-request-id', 'logged-2').expect(200);
    // nginx writes each line as the request ends, unbuffered.
    const lines = readFileSync(accessLog, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const first = lines.find((line) => line['requestId'] === 'logged-1');
    expect(first).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/),
      requestId: 'logged-1',
      traceparent: TRACEPARENT,
      client: '127.0.0.1',
      method: 'GET',
      path: '/evaluation/anything',
      status: 200,
      bytesSent: expect.any(Number),
      requestBytes: expect.any(Number),
      seconds: expect.any(Number),
      upstream: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      upstreamStatus: '200',
      upstreamSeconds: expect.stringMatching(/^\d+\.\d{3}$/),
    });
    const second = lines.find((line) => line['requestId'] === 'logged-2');
    expect(second?.['path']).toBe('/evaluation/with');
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it("passes a service's own 429 with its own Retry-After, once", async () => {
    next = { status: 429, headers: { 'retry-after': '7' } };
    const response = await request(gateway.url).get('/evaluation/anything').expect(429);
    expect(response.headers['retry-after']).toBe('7');
  });

  it("answers its own 429 with Retry-After: one request's refill time of the budget", async () => {
    // /organisation refills 10 a second (1 + burst 20 at once); sign-in refills one every 12 s (1 + burst 10).
    const organisation = await Promise.all(Array.from({ length: 24 }, () => request(gateway.url).get('/organisation/anything')));
    const limited = organisation.filter((response) => response.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const response of limited) expect(response.headers['retry-after']).toBe('1');
    const signIn = [];
    for (let i = 0; i < 12; i += 1) signIn.push(await request(gateway.url).post('/profile/persona/login').send({}));
    const refused = signIn.filter((response) => response.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.headers['retry-after']).toBe('12');
    expect(refused[0]?.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded, retry later' });
  });
});
