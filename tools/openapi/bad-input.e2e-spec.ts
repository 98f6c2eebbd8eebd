// Schema-driven bad input over every operation of every service, as an administrator: nothing may
// answer 5xx, every refusal is the platform error body, and a refused request changes nothing.
import { buildOpenApiDocument, JSON_BODY_LIMIT, SERVICE_NAMES, type ServiceName } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestGateway } from '@teamfit/gateway/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type BadRequest, badRequestsOf, operationCount, seededRandom } from './bad-input-cases';
import { SERVICE_MODULES } from './platform-openapi';

const SEED = process.env['SEED'] === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(process.env['SEED']);
const PER_OPERATION = 16;

/**
 * One value per table of the services' schemas (rows and newest row version): an insert, update
 * or delete anywhere changes it. The request log is off, so nothing writes behind a request.
 */
async function fingerprintQuery(client: Client): Promise<string> {
  const { rows } = await client.query<{ schema: string; table: string }>(
    `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema', 'telemetry', 'drizzle')
     ORDER BY 1, 2`,
  );
  const parts = rows.map(
    ({ schema, table }) => `(SELECT count(*) || ':' || coalesce(max(xmin::text::bigint), 0) FROM "${schema}"."${table}")`,
  );
  return `SELECT json_build_array(${parts.join(', ')})::text AS print`;
}

describe('bad input to every operation', () => {
  let database: TestDatabase;
  let client: Client;
  let mediaDir: string;
  const services = new Map<ServiceName, RunningTestService>();
  const tokens = new TestTokens();
  let partnerKey = '';

  beforeAll(async () => {
    process.stdout.write(`bad-input seed: SEED=${SEED}\n`);
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    mediaDir = mkdtempSync(path.join(tmpdir(), 'bad-input-media-'));
    const start = (service: ServiceName, env: Record<string, string>) =>
      startTestService(service, SERVICE_MODULES[service], {
        databaseUrl: database.url,
        keys: tokens.keys,
        env: { REQUEST_LOG: 'off', MEDIA_DIR: mediaDir, ...env },
      });
    const media = await start('media', {});
    services.set('media', media);
    for (const service of SERVICE_NAMES.filter((name) => name !== 'media'))
      services.set(service, await start(service, { MEDIA_SERVICE_URL: media.url }));
    // A partner API key, so that the bad input of the partner routes (HTTP Basic) reaches their validation.
    const [organisation] = (
      await client.query<{ id: string }>(
        `INSERT INTO organisation.organisations (object_id, name, url_name) VALUES ('0123456789abcdef01234567', 'Bad input', 'bad-input') RETURNING id`,
      )
    ).rows;
    const issued = await fetch(`${services.get('organisation')?.url}/organisations/${organisation?.id}/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bad input' }),
    });
    partnerKey = ((await issued.json()) as { key: string }).key;
  }, 60_000);

  afterAll(async () => {
    for (const service of services.values()) await service.close();
    await client?.end();
    await database?.drop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('answers 4xx in the platform body, never 5xx, and a refusal changes no row', async () => {
    const random = seededRandom(SEED);
    // An administrator first; the sign-in verify steps take only their own login tokens, so a 403
    // is tried again with those, letting the bad input reach validation there too; the partner
    // routes take only a partner API key (HTTP Basic), tried last, after their 401.
    const bearers = [
      tokens.admin(),
      tokens.mint({
        sub: '00000000-0000-4000-8000-000000000001',
        kind: 'login',
        emailAddress: 'admin@example.test',
        challengeId: '7b0c7c1e-2f55-4c1a-9d0e-3a1f2b4c5d6e',
      }),
      tokens.mint({
        sub: '7b0c7c1e-2f55-4c1a-9d0e-3a1f2b4c5d6e',
        kind: 'persona-login',
        emailAddress: 'persona@example.test',
        personaId: '7b0c7c1e-2f55-4c1a-9d0e-3a1f2b4c5d6e',
        challengeId: '7b0c7c1e-2f55-4c1a-9d0e-3a1f2b4c5d6e',
      }),
      // Routes only a persona may call (contesting its evaluation): their bodies reach validation too.
      tokens.mint({
        sub: '7b0c7c1e-2f55-4c1a-9d0e-3a1f2b4c5d6e',
        kind: 'persona',
        emailAddress: 'persona@example.test',
        personaId: '7b0c7c1e-2f55-4c1a-9d0e-3a1f2b4c5d6e',
      }),
    ]
      .map((token) => `Bearer ${token}`)
      .concat(`Basic ${Buffer.from(`${partnerKey}:`).toString('base64')}`);
    const query = await fingerprintQuery(client);
    // Prepared once: the statement reads every table, and planning it anew for each of the
    // ~2,400 requests cost more than running it.
    const fingerprint = async () => (await client.query<{ print: string }>({ name: 'fingerprint', text: query })).rows[0]?.print;
    // The fingerprint sees what a request could do to a row: rewriting a seeded question as it is.
    const untouched = await fingerprint();
    await client.query('UPDATE organisation.questions SET text = text WHERE id = (SELECT min(id) FROM organisation.questions)');
    expect(await fingerprint()).not.toBe(untouched);
    const failures: string[] = [];
    let sent = 0;
    let operations = 0;
    for (const name of SERVICE_NAMES) {
      const service = services.get(name) as RunningTestService;
      const document = buildOpenApiDocument(service.app, name);
      operations += operationCount(document);
      let before = await fingerprint();
      for (const request of badRequestsOf(document, random, PER_OPERATION)) {
        const failure = await check(service.url, request, bearers);
        sent += 1;
        const after = await fingerprint();
        if (failure) failures.push(`${name} ${request.method} ${request.path.slice(0, 80)} (${request.label}): ${failure}`);
        else if (after !== before && refused.has(request))
          failures.push(`${name} ${request.method} ${request.path.slice(0, 80)} (${request.label}): refused, yet rows changed`);
        before = after;
      }
    }
    process.stdout.write(`bad-input: ${sent} requests over ${operations} operations, seed ${SEED}\n`);
    expect(operations).toBeGreaterThan(150);
    expect(sent).toBeGreaterThan(2_000);
    expect(failures).toEqual([]);
    // The partner routes' bad input got past the key to their validation.
    expect(partnerRefusals.count).toBeGreaterThan(10);
  }, 120_000);

  it('reads at most 64 KiB without an access token and 1 MiB with one (413), sign-in bodies included', async () => {
    const auth = services.get('auth') as RunningTestService;
    const profile = services.get('profile') as RunningTestService;
    const post = (url: string, body: string, authorization?: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body });
    const large = JSON.stringify({ description: 'x'.repeat(2 * 1024 * 1024) });
    const refusedLarge = await post(`${profile.url}/persona`, large);
    expect(refusedLarge.status).toBe(413);
    expect(await refusedLarge.json()).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'The request body is too large' });
    // With an access token a body up to JSON_BODY_LIMIT is read (and refused for its content, not
    // its size); past it, it is refused unread, whoever sends it.
    const underLimit = JSON.stringify({ description: 'x'.repeat(JSON_BODY_LIMIT - 1024) });
    expect((await post(`${profile.url}/persona`, underLimit, `Bearer ${tokens.admin()}`)).status).toBe(400);
    expect((await post(`${profile.url}/persona`, large, `Bearer ${tokens.admin()}`)).status).toBe(413);
    const personaToken = tokens.mint({ sub: '00000000-0000-4000-8000-000000000009', kind: 'persona', emailAddress: 'p@example.test' });
    expect((await post(`${profile.url}/persona`, large, `Bearer ${personaToken}`)).status).toBe(413);
    // A login step's token (handed to anyone who names a registered address) unlocks nothing.
    const medium = JSON.stringify({ description: 'x'.repeat(256 * 1024) });
    for (const kind of ['login', 'persona-login'] as const) {
      const loginStep = tokens.mint({ sub: '00000000-0000-4000-8000-000000000001', kind, emailAddress: 'admin@example.test' });
      expect({ kind, status: (await post(`${profile.url}/persona`, medium, `Bearer ${loginStep}`)).status }).toEqual({ kind, status: 413 });
    }
    expect((await post(`${profile.url}/persona`, medium, `Bearer ${tokens.admin()}`)).status).toBe(400);
    // Sign-in bodies are small and still read without a token; past 64 KiB they are not.
    const signIn = await post(`${auth.url}/token`, JSON.stringify({ refreshToken: 'x'.repeat(100) }));
    expect([400, 401, 403]).toContain(signIn.status);
    expect((await post(`${auth.url}/token`, JSON.stringify({ refreshToken: 'x'.repeat(64 * 1024) }))).status).toBe(413);
    // Through the gateway, which buffers the body and then sends it on, the refusal still arrives
    // as the service's 413 rather than a 502 for a closed upstream.
    const gateway = await startTestGateway(path.resolve(__dirname, '../..'), { profile: profile.port });
    try {
      const throughGateway = await post(`${gateway.url}/profile/persona`, JSON.stringify({ description: 'x'.repeat(8 * 1024 * 1024) }));
      expect(throughGateway.status).toBe(413);
      expect(await throughGateway.json()).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'The request body is too large',
      });
    } finally {
      await gateway.stop();
    }
  }, 60_000);
});

const refused = new WeakSet<BadRequest>();
/** 400s of the partner routes, answered with the partner API key: their validation was reached. */
const partnerRefusals = { count: 0 };

/** What is wrong with the answer to one bad request, if anything. */
async function check(base: string, request: BadRequest, bearers: string[]): Promise<string | undefined> {
  let response: Response | undefined;
  let text = '';
  for (const authorization of bearers) {
    const headers: Record<string, string> = { authorization };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    response = await fetch(base + request.path, { method: request.method, headers, body: request.body });
    text = await response.text();
    if (response.status !== 403 && response.status !== 401) break;
  }
  if (!response) return 'no answer';
  if (response.status >= 500) return `${response.status} ${text.slice(0, 200)}`;
  if (response.status < 400) return request.mustRefuse ? `${response.status}: a loose id was taken for a real one` : undefined;
  refused.add(request);
  if (response.status === 400 && request.path.startsWith('/partners/')) partnerRefusals.count += 1;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${response.status} is not JSON: ${text.slice(0, 100)}`;
  }
  const { statusCode, error, message, ...rest } = body as Record<string, unknown>;
  if (statusCode !== response.status || typeof error !== 'string' || typeof message !== 'string' || Object.keys(rest).length > 0) {
    return `${response.status} is not the platform error body: ${text.slice(0, 200)}`;
  }
  return undefined;
}
