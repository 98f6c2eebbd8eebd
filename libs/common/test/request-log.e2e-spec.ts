import { Controller, Get, Module, Post } from '@nestjs/common';
import { AcceptTokens, AdminOnly } from '@teamfit/auth';
import { Public, RequestLogWriter, type ServiceConfig } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { serviceModule } from '@teamfit/platform';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import http from 'node:http';
import { Client } from 'pg';
import request from 'supertest';

/** Routes behind the real access guard, to see whom the log names as each call's caller. */
@Controller('guarded')
class GuardedController {
  @Get()
  read(): { ok: boolean } {
    return { ok: true };
  }

  @Post('admin')
  @AdminOnly()
  admin(): { ok: boolean } {
    return { ok: true };
  }

  @Post('sign-in-step')
  @AcceptTokens('persona-login')
  signInStep(): { ok: boolean } {
    return { ok: true };
  }

  @Get('public')
  @Public()
  open(): { ok: boolean } {
    return { ok: true };
  }
}

/** A service with nothing but the platform parts (the log is one of them) and the guarded routes. */
@Module({ controllers: [GuardedController] })
class BareServiceModule {}
const bareService = (config: ServiceConfig) => serviceModule(config, BareServiceModule);

interface LoggedCall {
  method: string;
  url: string;
  status_code: number;
  caller_app: string;
  device_type: string;
  remote_address: string;
  remote_family: string;
  raw_headers: string[];
  body: Record<string, unknown> | null;
  query: Record<string, unknown>;
  processing_time: number;
  service: string;
  caller_kind: string | null;
  caller_id: string | null;
}

describe('the API-call log', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let media: RunningTestService;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    media = await startTestService('media', bareService, {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { ADMIN_APP_ORIGIN: 'https://admin.teamfit.example', HUB_APP_ORIGIN: 'https://hub.teamfit.example' },
    });
    client = new Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await media?.close();
    await database?.drop();
  });

  const calls = async (): Promise<LoggedCall[]> => {
    await media.app.get(RequestLogWriter).flush();
    return (await client.query<LoggedCall>('SELECT * FROM telemetry.api_calls ORDER BY id')).rows;
  };

  it('records every call with its caller, device and timing, secrets redacted', async () => {
    const token = tokens.admin();
    await request(media.url)
      .post('/nowhere?page=2')
      .set('authorization', `Bearer ${token}`)
      .set('cookie', 'session=abc')
      .set('origin', 'https://hub.teamfit.example')
      .set('user-agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)')
      .send({
        emailAddress: 'a@example.test',
        otp: '123456',
        nested: { refreshToken: 'r', codeVerifier: 'v' },
        codeChallenge: 'c',
        accessToken: 't',
      })
      .expect(404);
    await request(media.url).get('/health').expect(200);

    const [call, ...others] = await calls();
    expect(others).toEqual([]);
    expect(call).toMatchObject({
      service: 'media',
      method: 'POST',
      url: '/nowhere?page=2',
      status_code: 404,
      caller_app: 'hub',
      device_type: 'mobile',
      remote_address: '127.0.0.1',
      remote_family: 'IPv4',
      query: { page: '2' },
      body: {
        emailAddress: 'a@example.test',
        otp: '[redacted]',
        nested: { refreshToken: '[redacted]', codeVerifier: '[redacted]' },
        codeChallenge: '[redacted]',
        accessToken: '[redacted]',
      },
    });
    expect(call?.processing_time).toBeGreaterThan(0);
    const logged = JSON.stringify(call?.raw_headers);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('session=abc');
    expect(call?.raw_headers).toEqual(expect.arrayContaining(['authorization', '[redacted]', 'cookie', '[redacted]']));

    const days = await client.query<{ caller_app: string; device_type: string; calls: string }>(
      'SELECT caller_app, device_type, calls::text FROM telemetry.api_call_days',
    );
    expect(days.rows).toEqual([{ caller_app: 'hub', device_type: 'mobile', calls: '1' }]);
  });

  // NUL characters never get this far (a 400 before any route, tested with the hostile inputs): the
  // unit test of copyRows covers them.
  it('stores what was sent exactly: backslashes, tabs, line ends, quotes and non-ASCII text', async () => {
    await client.query('TRUNCATE telemetry.api_calls, telemetry.api_call_days');
    const body = { text: 'tab\there \\ back\nline\r "quoted" é ✓ 😀', list: ['\\N', '\\.', '\t'], nested: { '\\key\t': null } };
    await request(media.url).post('/nowhere?q=a%09b%5Cc%0Ad&e=%C3%A9').set('x-note', 'a\\b\tc "d"').send(body).expect(404);
    // A raw backslash in the path: only a raw request sends one unchanged.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const url = new URL(media.url);
      http
        .get({ host: url.hostname, port: url.port, path: '/back\\slash\\N' }, (response) => resolve(response.resume().statusCode))
        .on('error', reject);
    });
    expect(status).toBe(404);

    const [post, get, ...others] = await calls();
    expect(others).toEqual([]);
    expect(post).toMatchObject({ method: 'POST', url: '/nowhere?q=a%09b%5Cc%0Ad&e=%C3%A9', body, query: { q: 'a\tb\\c\nd', e: 'é' } });
    expect(post?.raw_headers).toEqual(expect.arrayContaining(['x-note', 'a\\b\tc "d"']));
    expect(get).toMatchObject({ method: 'GET', url: '/back\\slash\\N', body: null });
  });

  it('writes on its own timer, also after ticks that found nothing to write', async () => {
    await client.query('TRUNCATE telemetry.api_calls, telemetry.api_call_days');
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // two empty ticks
    await request(media.url).get('/written-by-the-timer').expect(404);
    let rows: Array<{ url: string }> = [];
    for (let waited = 0; waited < 5_000 && rows.length === 0; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = (await client.query<{ url: string }>('SELECT url FROM telemetry.api_calls')).rows;
    }
    expect(rows).toEqual([{ url: '/written-by-the-timer' }]);
  });

  it('keeps the client address the gateway forwards, and no body for GET', async () => {
    await client.query('TRUNCATE telemetry.api_calls, telemetry.api_call_days');
    await request(media.url).get('/elsewhere').set('x-forwarded-for', '203.0.113.7').set('x-app-source', 'admin').expect(404);
    const [call] = await calls();
    expect(call).toMatchObject({
      remote_address: '203.0.113.7',
      caller_app: 'admin',
      device_type: 'unknown',
      body: null,
      status_code: 404,
    });
    // No body is SQL NULL, not a JSON null (which the driver would also read as null).
    const stored = await client.query<{ no_body: boolean; headers: string }>(
      "SELECT body IS NULL AS no_body, raw_headers::text AS headers FROM telemetry.api_calls WHERE url = '/elsewhere'",
    );
    expect(stored.rows).toEqual([{ no_body: true, headers: expect.stringMatching(/^\["/) }]);
  });

  it('records who made each call: the access token the guard verified, and nobody without one', async () => {
    await client.query('TRUNCATE telemetry.api_calls, telemetry.api_call_days');
    const persona = '6f1d3c2a-8b7e-4c5d-9a0b-1c2d3e4f5a6b';
    const admin = '00000000-0000-4000-8000-000000000001';
    const member = '00000000-0000-4000-8000-000000000002';
    const bearer = (token: string) => `Bearer ${token}`;
    const personaToken = tokens.mint({ sub: persona, kind: 'persona', emailAddress: 'ada@example.test', personaId: persona });
    await request(media.url).get('/guarded?n=1').set('authorization', bearer(personaToken)).expect(200);
    await request(media.url).get('/guarded?n=2').set('authorization', bearer(tokens.admin())).expect(200);
    await request(media.url).get('/guarded?n=3').set('authorization', bearer(tokens.account())).expect(200);
    // Refused by the guard: no token, a forged one, an account without rights on an admin route.
    await request(media.url).get('/guarded?n=4').expect(401);
    await request(media.url)
      .get('/guarded?n=5')
      .set('authorization', bearer(`${personaToken}x`))
      .expect(403);
    await request(media.url).post('/guarded/admin?n=6').set('authorization', bearer(tokens.account())).expect(403);
    // A sign-in step's token proves no one (anyone naming an address gets one); a public route checks none.
    const step = tokens.mint({ sub: persona, kind: 'persona-login', emailAddress: 'ada@example.test', personaId: persona });
    await request(media.url).post('/guarded/sign-in-step?n=7').set('authorization', bearer(step)).expect(201);
    await request(media.url).get('/guarded/public?n=8').set('authorization', bearer(personaToken)).expect(200);
    await request(media.url).get(`/nowhere/${persona}?n=9`).set('authorization', bearer(personaToken)).expect(404);
    await request(media.url).post('/guarded/admin?n=10').set('authorization', bearer(tokens.admin())).expect(201);

    const callers = (await calls()).map((call) => [call.query['n'], call.caller_kind, call.caller_id]);
    expect(callers).toEqual([
      ['1', 'persona', persona],
      ['2', 'administrator', admin],
      ['3', 'account', member],
      ['4', null, null],
      ['5', null, null],
      ['6', null, null],
      ['7', null, null],
      ['8', null, null],
      ['9', null, null],
      ['10', 'administrator', admin],
    ]);
  });

  it('never breaks a request when the log cannot be written, and counts what it dropped', async () => {
    await client.query('DROP SCHEMA telemetry CASCADE');
    const writer = media.app.get(RequestLogWriter);
    const droppedBefore = writer.droppedCount;
    await request(media.url).get('/still-answers').expect(404);
    await request(media.url).get('/health').expect(200);
    await writer.flush();
    expect(writer.droppedCount).toBe(droppedBefore + 1);
  });

  it('writes what is still buffered when the service shuts down cleanly', async () => {
    const other = await createTestDatabase();
    const service = await startTestService('media', bareService, { databaseUrl: other.url, keys: tokens.keys });
    const reader = new Client({ connectionString: other.url });
    try {
      await request(service.url).get('/logged-before-shutdown').expect(404);
      await service.close(); // no explicit flush: the shutdown hook does it
      await reader.connect();
      const rows = await reader.query<{ url: string }>('SELECT url FROM telemetry.api_calls');
      expect(rows.rows).toEqual([{ url: '/logged-before-shutdown' }]);
    } finally {
      await reader.end();
      await other.drop();
    }
  });
});
