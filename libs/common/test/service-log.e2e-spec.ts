import { Controller, Get, Logger, Module, Res } from '@nestjs/common';
import { Public, type LogOutput, type ServiceConfig } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { serviceModule } from '@teamfit/platform';
import { ISO_TIMESTAMP, type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import type { FastifyReply } from 'fastify';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

@Controller('probe')
class ProbeController {
  private readonly logger = new Logger('Probe');

  @Public()
  @Get('ok')
  ok(): { ok: true } {
    this.logger.warn('about to answer');
    return { ok: true };
  }

  @Public()
  @Get('boom')
  boom(): never {
    throw new Error('the disk caught fire');
  }

  /** Answers on the raw response, as file downloads do, past Fastify's reply headers. */
  @Public()
  @Get('raw')
  raw(@Res() reply: FastifyReply): void {
    reply.raw.statusCode = 200;
    reply.raw.end('raw bytes');
  }
}

@Module({})
class ProbeServiceModule {}
const probeService = (config: ServiceConfig) => serviceModule(config, ProbeServiceModule, { controllers: [ProbeController] });

/** Collects what the service writes, line by line. */
class Lines implements LogOutput {
  private text = '';

  write(chunk: string): void {
    this.text += chunk;
  }

  /** Lines written so far (the log writes at the end of a tick: wait one). */
  async all(): Promise<string[]> {
    await new Promise((resolve) => setImmediate(resolve));
    return this.text.split('\n').filter((line) => line !== '');
  }

  async json(): Promise<Array<Record<string, unknown>>> {
    return (await this.all()).map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Forgets what was written so far, start-up lines still pending included. */
  async clear(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.text = '';
  }
}

describe('the service log, request ids and readiness', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let service: RunningTestService;
  const lines = new Lines();

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService('profile', probeService, {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { LOG_LEVEL: 'log', REQUEST_LOG: 'off' },
      logOutput: lines,
    });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  beforeEach(async () => lines.clear());

  it('writes one JSON object per request: time, level, service, request id, method, path, status, duration', async () => {
    const response = await request(service.url).get('/probe/ok?secret=1').set('x-request-id', 'gw-7f3a.b_9').expect(200);
    expect(response.headers['x-request-id']).toBe('gw-7f3a.b_9');
    const [warning, line, ...rest] = await lines.json();
    expect(rest).toEqual([]);
    // A message written during the request: the same shape, with Nest's logger context.
    expect(warning).toEqual({
      time: expect.stringMatching(ISO_TIMESTAMP),
      level: 'warn',
      service: 'profile',
      message: 'about to answer',
      context: 'Probe',
    });
    expect(line).toEqual({
      time: expect.stringMatching(ISO_TIMESTAMP),
      level: 'info',
      service: 'profile',
      requestId: 'gw-7f3a.b_9',
      method: 'GET',
      path: '/probe/ok',
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(Object.keys(line ?? {})).toEqual(['time', 'level', 'service', 'requestId', 'method', 'path', 'status', 'durationMs']);
    expect(line?.['durationMs']).toBeGreaterThan(0);
  });

  it('gives a direct call, or one whose X-Request-Id is not a sane token, an id of its own, and echoes it', async () => {
    const direct = await request(service.url).get('/probe/ok').expect(200);
    expect(direct.headers['x-request-id']).toMatch(UUID);
    for (const bad of ['has spaces', 'quote"d', 'a'.repeat(129), 'semi;colon', 'back\\slash']) {
      const response = await request(service.url).get('/probe/ok').set('x-request-id', bad).expect(200);
      expect(response.headers['x-request-id']).toMatch(UUID);
    }
    const logged = (await lines.json()).filter((line) => line['path'] === '/probe/ok').map((line) => line['requestId']);
    expect(logged).toHaveLength(6);
    expect(logged[0]).toBe(direct.headers['x-request-id']);
    for (const id of logged) expect(id).toMatch(UUID);
    expect(new Set(logged).size).toBe(6);
  });

  it('uses the request id as the errorId of a 500, in the body, the error line (with its stack) and the request line', async () => {
    const response = await request(service.url).get('/probe/boom').set('x-request-id', 'req-500').expect(500);
    expect(response.body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'An unexpected error occurred',
      errorId: 'req-500',
    });
    expect(response.headers['x-request-id']).toBe('req-500');
    const [error, line] = await lines.json();
    expect(error).toMatchObject({
      level: 'error',
      service: 'profile',
      message: 'the disk caught fire',
      requestId: 'req-500',
      errorId: 'req-500',
      method: 'GET',
      path: '/probe/boom',
    });
    expect(error?.['stack']).toMatch(/^Error: the disk caught fire\n\s+at /);
    expect(line).toMatchObject({ level: 'info', requestId: 'req-500', status: 500 });

    const direct = await request(service.url).get('/probe/boom').expect(500);
    expect(direct.body.errorId).toMatch(UUID);
    expect(direct.body.errorId).toBe(direct.headers['x-request-id']);
  });

  it('carries the id on answers refused before a route (404, undecodable path) and on raw answers', async () => {
    const notFound = await request(service.url).get('/nowhere').set('x-request-id', 'r-404').expect(404);
    expect(notFound.headers['x-request-id']).toBe('r-404');
    const undecodable = await request(service.url).get('/probe/%zz').set('x-request-id', 'r-400').expect(400);
    expect(undecodable.headers['x-request-id']).toBe('r-400');
    const raw = await request(service.url).get('/probe/raw').set('x-request-id', 'r-raw').expect(200);
    expect(raw.headers['x-request-id']).toBe('r-raw');
    const logged = (await lines.json()).map((line) => [line['requestId'], line['status']]);
    expect(logged).toEqual([
      ['r-404', 404],
      ['r-400', 400],
      ['r-raw', 200],
    ]);
  });

  it('writes no line for probes at the log level; /health stays up without asking the database', async () => {
    await request(service.url).get('/health').expect(200, { status: 'ok' });
    await request(service.url).get('/health/ready').expect(200, { status: 'ok', database: 'ok' });
    await request(service.url).get('/_ping').expect(200);
    expect(await lines.all()).toEqual([]);
  });
});

describe('log format and level', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('LOG_FORMAT=pretty writes a line for people; debug adds the probes', async () => {
    const lines = new Lines();
    const service = await startTestService('media', probeService, {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty', REQUEST_LOG: 'off' },
      logOutput: lines,
    });
    try {
      await lines.clear();
      await request(service.url).get('/probe/ok').set('x-request-id', 'p-1').expect(200);
      await request(service.url).get('/health').set('x-request-id', 'p-2').expect(200);
      const [warning, line, probe] = await lines.all();
      expect(warning).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z WARN media \[Probe\] about to answer$/);
      expect(line).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z INFO media GET \/probe\/ok 200 [\d.]+ ms \[p-1\]$/);
      expect(probe).toMatch(/^\S+ DEBUG media GET \/health 200 [\d.]+ ms \[p-2\]$/);
    } finally {
      await service.close();
    }
  });

  it('LOG_LEVEL=error keeps request lines out and errors in', async () => {
    const lines = new Lines();
    const service = await startTestService('media', probeService, {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { LOG_LEVEL: 'error', REQUEST_LOG: 'off' },
      logOutput: lines,
    });
    try {
      await lines.clear();
      await request(service.url).get('/probe/ok').expect(200);
      await request(service.url).get('/probe/boom').set('x-request-id', 'e-1').expect(500);
      expect((await lines.json()).map((line) => [line['level'], line['requestId']])).toEqual([['error', 'e-1']]);
    } finally {
      await service.close();
    }
  });
});

describe('readiness without a database', () => {
  const tokens = new TestTokens();
  let silent: Server;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // Accepts connections and never says a word: a database that hangs.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it.each([
    ['refuses connections', () => 'postgres://nobody:none@127.0.0.1:1/none', /^The service is temporarily unavailable/],
    [
      'does not answer',
      () => `postgres://nobody:none@127.0.0.1:${(silent.address() as AddressInfo).port}/none`,
      /^The database did not answer within 1000 ms$/,
    ],
  ])('/health/ready is 503 in the platform body when the database %s; /health stays 200', async (_case, url, message) => {
    const lines = new Lines();
    const service = await startTestService('media', probeService, {
      databaseUrl: url(),
      keys: tokens.keys,
      env: { LOG_LEVEL: 'warn', REQUEST_LOG: 'off' },
      logOutput: lines,
    });
    try {
      await request(service.url).get('/health').expect(200, { status: 'ok' });
      const started = Date.now();
      const response = await request(service.url).get('/health/ready').set('x-request-id', 'ready-1').expect(503);
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(response.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: expect.stringMatching(message) });
      expect(response.headers['retry-after']).toBe('2');
      expect(await lines.json()).toEqual([expect.objectContaining({ level: 'warn', requestId: 'ready-1', path: '/health/ready' })]);
    } finally {
      await service.close();
    }
  });
});
