import { PARTNER_KEY_PATTERN, partnerKeyHash } from '@teamfit/accounts';
import { s256Challenge } from '@teamfit/auth';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { mailPartText, otpFromMail, type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { ResponseContract, type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { OrganisationFactory } from '../../organisation/test/organisation.fixture';
import { startWebhookReceiver, type WebhookReceiver } from '../../organisation/test/webhook-receiver.fixture';
import { organisationAppModule } from '../../organisation/src/organisation-app.module';
import { profileAppModule } from '../../profile/src/profile-app.module';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { GREENHOUSE_EXAMPLES } from './greenhouse-examples.fixture';
import { seedSmallQuestionnaire } from './small-questionnaire.fixture';

const ROOT = path.resolve(__dirname, '../../..');
const HUB = 'https://hub.teamfit.example';
const ADMIN_APP = 'https://admin.teamfit.example';
const GREENHOUSE = '/evaluation/partners/greenhouse';

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * The Greenhouse assessment partner API end to end (docs/adr/0089-greenhouse-assessment-partner-api.md),
 * everything through the real gateway: an administrator issues the organisation's partner API key,
 * and Greenhouse (this test) calls list_tests, send_test and test_status with it as the HTTP Basic
 * user name; the invitation reaches the real SMTP listener, the candidate signs in with the persona
 * e-mail code and answers through the real API, the organisation service's dispatcher sends one
 * body-less PATCH to Greenhouse's `url` (a real HTTP server), and test_status turns `complete`
 * with the score.
 */
describe('the Greenhouse assessment partner API', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  let smtp: SmtpListener;
  /** Greenhouse's side of the PATCH: a real HTTP server that keeps every request. */
  let greenhouseServer: WebhookReceiver;
  let database: TestDatabase;
  let client: Client;
  let profile: RunningTestService;
  let organisation: RunningTestService;
  let evaluation: RunningTestService;
  let gateway: TestGateway;
  let organisationId: string;
  let otherOrganisationId: string;
  let key: string;
  let otherKey: string;
  let teamId: number;
  let otherTeamId: number;

  /**
   * The first tests go through the gateway, which strips the service's prefix; the many calls of
   * the refusal tests go to the services directly, as the gateway's per-address budget
   * (10 a second, burst 20) would answer them 429 (as it would answer Greenhouse).
   */
  const via = { gateway: true };
  const targetOf = (route: string): string => {
    if (via.gateway) return `${gateway.url}${route}`;
    const [, service = '', rest = ''] = /^\/(profile|organisation|evaluation)(\/.*)$/.exec(route) ?? [];
    const services: Record<string, RunningTestService> = { profile, organisation, evaluation };
    return `${services[service]?.url ?? ''}${rest}`;
  };
  const call = async (method: string, route: string, authorization?: string, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (authorization !== undefined) headers['authorization'] = authorization;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(targetOf(route), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  };
  /** A Greenhouse `url` of a test instance, on the fake Greenhouse (the dispatcher may call loopback in tests). */
  const takeHomeTest = (id: number | string) =>
    `http://127.0.0.1:${greenhouseServer.port}/integrations/testing_partners/take_home_tests/${id}`;
  const basic = (user: string, password = '') => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const greenhouse = (method: string, route: string, partnerKey: string, body?: unknown) =>
    call(method, `${GREENHOUSE}/${route}`, basic(partnerKey), body);
  const issueKey = async (organisation: string, name = 'Greenhouse'): Promise<Record<string, unknown>> => {
    const issued = await call('POST', `/organisation/organisations/${organisation}/api-keys`, admin, { name });
    expect(issued.status).toBe(201);
    return issued.body as Record<string, unknown>;
  };
  const sendTest = (partnerKey: string, overrides: Record<string, unknown> = {}, candidate: Record<string, unknown> = {}) =>
    greenhouse('POST', 'send_test', partnerKey, {
      partner_test_id: String(teamId),
      candidate: { first_name: 'Harry', last_name: 'Potter', email: 'hpotter@hogwarts.test', ...candidate },
      url: takeHomeTest(randomBytes(4).readUInt32BE()),
      ...overrides,
    });
  const outboxCallbacks = async (url: string) =>
    (
      await client.query<{ type: string; organisation_id: string; callback_method: string; data: Record<string, unknown> }>(
        'SELECT type, organisation_id, callback_method, data FROM organisation.outbox_messages WHERE callback_url = $1',
        [url],
      )
    ).rows;
  /** The deliveries of the callback to `url`, once the dispatcher has recorded the outcome of each (none pending). */
  const settledDeliveries = async (url: string): Promise<Array<{ status: string; attempts: number }>> => {
    for (let tries = 0; ; tries += 1) {
      const { rows } = await client.query<{ status: string; attempts: number }>(
        `SELECT d.status, d.attempts FROM organisation.webhook_deliveries d
         JOIN organisation.outbox_messages m ON m.id = d.message_id WHERE m.callback_url = $1`,
        [url],
      );
      if ((rows.length > 0 && rows.every((row) => row.status !== 'pending')) || tries >= 500) return rows;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const count = async (sql: string, values: unknown[] = []) => Number((await client.query<{ n: string }>(sql, values)).rows[0]?.n);

  beforeAll(async () => {
    smtp = await startSmtpListener();
    greenhouseServer = await startWebhookReceiver();
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    const connection = openTestDatabase(database.url);
    try {
      await seedSmallQuestionnaire(connection.db);
      const organisations = new OrganisationFactory(connection.db);
      organisationId = (await organisations.create('Hogwarts Hiring')).id;
      otherOrganisationId = (await organisations.create('Durmstrang Hiring')).id;
    } finally {
      await connection.close();
    }
    const options = {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: {
        SMTP_URL: smtp.url,
        HUB_APP_ORIGIN: HUB,
        ADMIN_APP_ORIGIN: `${ADMIN_APP}/`,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'on',
        WEBHOOK_RETRY_DELAYS_MS: '200,200,200',
      },
    };
    profile = await startTestService('profile', profileAppModule, options);
    organisation = await startTestService('organisation', organisationAppModule, options);
    evaluation = await startTestService('evaluation', evaluationAppModule, options);
    gateway = await startTestGateway(ROOT, { profile: profile.port, organisation: organisation.port, evaluation: evaluation.port });
    const team = async (name: string, organisation: string | null) => {
      const created = await call('POST', '/evaluation/algorithm/teams', admin, {
        name,
        organisationId: organisation,
        memberPersonaIds: [],
      });
      expect(created.status).toBe(201);
      return (created.body as { id: number }).id;
    };
    teamId = await team('Platform engineering', organisationId);
    otherTeamId = await team('Durmstrang team', otherOrganisationId);
    await team('No organisation', null);
    key = (await issueKey(organisationId))['key'] as string;
    otherKey = (await issueKey(otherOrganisationId))['key'] as string;
  }, 60_000);

  afterAll(async () => {
    await gateway?.stop();
    await evaluation?.close();
    await organisation?.close();
    await profile?.close();
    await client?.end();
    await database?.drop();
    await smtp?.close();
    await greenhouseServer?.close();
  });

  it('issues a key shown once, recognisable and shorter than 171 characters; lists it without the key; stores only its SHA-256', async () => {
    const issued = await issueKey(organisationId, 'Second Greenhouse');
    const issuedKey = issued['key'] as string;
    expect(issuedKey).toMatch(PARTNER_KEY_PATTERN);
    expect(issuedKey.length).toBeLessThan(171);
    expect(issued).toEqual({
      id: expect.any(String),
      organisationId,
      name: 'Second Greenhouse',
      hint: issuedKey.slice(-4),
      createdBy: expect.any(String),
      createdAt: expect.any(String),
      revokedAt: null,
      key: issuedKey,
    });
    const listed = await call('GET', `/organisation/organisations/${organisationId}/api-keys`, admin);
    expect(listed.status).toBe(200);
    const { key: _shownOnce, ...withoutKey } = issued;
    expect(listed.body).toEqual([expect.objectContaining({ name: 'Greenhouse', revokedAt: null }), withoutKey]);
    expect(JSON.stringify(listed.body)).not.toContain(issuedKey);
    const stored = await client.query<Record<string, unknown>>('SELECT * FROM organisation.partner_api_keys WHERE id = $1', [issued['id']]);
    expect(stored.rows[0]?.['key_hash']).toBe(partnerKeyHash(issuedKey));
    expect(JSON.stringify(stored.rows)).not.toContain(issuedKey.slice(4, 40));
  });

  it('list_tests answers the organisation’s algorithm teams only', async () => {
    const answer = await greenhouse('GET', 'list_tests', key);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([{ partner_test_id: String(teamId), partner_test_name: 'Platform engineering' }]);
    const other = await greenhouse('GET', 'list_tests', otherKey);
    expect(other.body).toEqual([{ partner_test_id: String(otherTeamId), partner_test_name: 'Durmstrang team' }]);
  });

  it('send_test → the hub invitation → the candidate completes through the API → exactly one PATCH → test_status complete with the score', async () => {
    const url = takeHomeTest(4242);
    const email = 'ginny.weasley@hogwarts.test';
    const mailsBefore = smtp.messages.length;
    const sent = await sendTest(key, { url }, { first_name: 'Ginny', last_name: 'Weasley', email });
    expect(sent.status).toBe(200);
    const interviewId = (sent.body as { partner_interview_id: string }).partner_interview_id;
    expect(sent.body).toEqual({ partner_interview_id: expect.any(String) });

    // The invitation: the hub link of the new evaluation, to the candidate's address.
    const mail = await smtp.latestTo(email);
    expect(smtp.messages.length).toBe(mailsBefore + 1);
    const link = /https:\/\/hub\.teamfit\.example\/evaluations\/[0-9a-f-]{36}#email=\S+/.exec(mailPartText(mail, 'text/plain'))?.[0] ?? '';
    const evaluationId = new URL(link).pathname.split('/').pop() ?? '';
    expect(new URLSearchParams(new URL(link).hash.slice(1)).get('email')).toBe(email);
    expect(mailPartText(mail, 'text/plain')).toMatch(/^Hello Ginny,\n/);

    // Greenhouse polls before the candidate has begun: nothing but the status and the metadata.
    const pending = await greenhouse('GET', `test_status?partner_interview_id=${interviewId}`, key);
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({
      partner_status: 'pending',
      partner_profile_url: null,
      partner_score: null,
      metadata: {
        Team: 'Platform engineering',
        'Questions answered': 0,
        Questions: expect.any(Number),
        'Overall category': null,
        'Completed at': null,
      },
    });

    // The candidate signs in with the persona e-mail code and answers every question.
    const verifier = randomBytes(48).toString('base64url');
    const login = await call('POST', '/profile/persona/login', undefined, { emailAddress: email, codeChallenge: s256Challenge(verifier) });
    expect(login.status).toBe(200);
    const otp = otpFromMail(await smtp.latestTo(email));
    const verified = await call('POST', '/profile/persona/verify', `Bearer ${(login.body as { accessToken: string }).accessToken}`, {
      otp,
      codeVerifier: verifier,
    });
    expect(verified.status).toBe(200);
    const candidate = `Bearer ${(verified.body as { accessToken: string }).accessToken}`;
    // Every question but the last straight to the service (the gateway's budget); the last through it.
    via.gateway = false;
    const rail = await call('GET', `/evaluation/evaluation/${evaluationId}/questions`, candidate);
    const questionIds = (rail.body as { items: Array<{ id: number }> }).items.map((item) => item.id);
    let last: Answer | undefined;
    for (const [index, questionId] of questionIds.entries()) {
      via.gateway = index === questionIds.length - 1;
      if (via.gateway) expect(await outboxCallbacks(url)).toEqual([]);
      last = await call('POST', `/evaluation/evaluation/${evaluationId}/answer`, candidate, { questionId, value: 4, timeTaken: 5 });
      expect(last.status).toBe(200);
    }
    const results = (last?.body as { status: string; results: { overallScore: number; overallCategory: string } }).results;
    expect((last?.body as { status: string }).status).toBe('complete');

    // The completing answer queued exactly one body-less PATCH to Greenhouse's url.
    expect(await outboxCallbacks(url)).toEqual([
      {
        type: 'partner.greenhouse.completed',
        organisation_id: organisationId,
        callback_method: 'PATCH',
        data: { partnerInterviewId: interviewId, evaluationId },
      },
    ]);

    // The organisation service's dispatcher sends it: a PATCH without a body, which Greenhouse
    // answers by asking test_status.
    const patchPath = new URL(url).pathname;
    const [patch] = (await greenhouseServer.until((all) => all.some((request) => request.path === patchPath), 30_000, 'the PATCH')).filter(
      (request) => request.path === patchPath,
    );
    expect(patch).toMatchObject({ method: 'PATCH', body: '' });
    expect(patch?.headers['content-length'] ?? '0').toBe('0');
    const complete = await greenhouse('GET', `test_status?partner_interview_id=${interviewId}`, key);
    expect(complete.body).toEqual({
      partner_status: 'complete',
      partner_profile_url: `${ADMIN_APP}/evaluations/${evaluationId}`,
      partner_score: results.overallScore,
      metadata: {
        Team: 'Platform engineering',
        'Questions answered': questionIds.length,
        Questions: questionIds.length,
        'Overall category': results.overallCategory,
        'Completed at': expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect(typeof results.overallScore).toBe('number');
    // Exactly one: its delivery is done after one attempt, and Greenhouse got one request at its url.
    expect(await settledDeliveries(url)).toEqual([{ status: 'delivered', attempts: 1 }]);
    expect(greenhouseServer.received.filter((request) => request.path === patchPath)).toHaveLength(1);
  });

  it('sends the PATCH again while Greenhouse fails it, until Greenhouse accepts it', async () => {
    via.gateway = false;
    const url = takeHomeTest(503);
    const path = new URL(url).pathname;
    const email = 'dean.thomas@hogwarts.test';
    let failures = 2;
    greenhouseServer.answer = (request) => {
      if (request.path !== path || failures === 0) return { status: 200 };
      failures -= 1;
      return { status: 503 };
    };
    const sent = await sendTest(key, { url }, { email });
    const evaluationId = (
      await client.query<{ evaluation_id: string }>('SELECT evaluation_id FROM evaluation.greenhouse_interviews WHERE callback_url = $1', [
        url,
      ])
    ).rows[0]?.evaluation_id;
    const personaId =
      (await client.query<{ id: string }>('SELECT id FROM profile.personas WHERE email_address = $1', [email])).rows[0]?.id ?? '';
    const candidate = `Bearer ${tokens.mint({ sub: personaId, kind: 'persona', emailAddress: email, personaId })}`;
    const rail = await call('GET', `/evaluation/evaluation/${evaluationId ?? ''}/questions`, candidate);
    for (const { id: questionId } of (rail.body as { items: Array<{ id: number }> }).items) {
      expect((await call('POST', `/evaluation/evaluation/${evaluationId ?? ''}/answer`, candidate, { questionId, value: 2 })).status).toBe(
        200,
      );
    }
    const patches = await greenhouseServer.until(
      (all) => all.filter((request) => request.path === path).length >= 3,
      30_000,
      'the third PATCH',
    );
    expect(patches.filter((request) => request.path === path).map((request) => request.method)).toEqual(['PATCH', 'PATCH', 'PATCH']);
    expect(await settledDeliveries(url)).toEqual([{ status: 'delivered', attempts: 3 }]);
    const status = await greenhouse(
      'GET',
      `test_status?partner_interview_id=${(sent.body as { partner_interview_id: string }).partner_interview_id}`,
      key,
    );
    expect(status.body).toMatchObject({ partner_status: 'complete', partner_score: expect.any(Number) });
  });

  it('answers a repeated send_test of one url with the same interview, sending nothing more; another url of the same candidate is a second interview of the one evaluation', async () => {
    via.gateway = false;
    const url = takeHomeTest(777);
    const email = 'ron.weasley@hogwarts.test';
    const first = await sendTest(key, { url }, { email });
    expect(first.status).toBe(200);
    await smtp.latestTo(email);
    const mails = smtp.messages.length;
    const again = await sendTest(key, { url }, { email });
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(smtp.messages.length).toBe(mails);
    expect(await count('SELECT count(*) AS n FROM evaluation.greenhouse_interviews WHERE callback_url = $1', [url])).toBe(1);
    // Another team under the same url is not the same test.
    const otherTest = (
      await call('POST', '/evaluation/algorithm/teams', admin, { name: 'Second test', organisationId, memberPersonaIds: [] })
    ).body as { id: number };
    const conflicting = await sendTest(key, { url, partner_test_id: String(otherTest.id) }, { email });
    expect(conflicting).toMatchObject({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'This url was sent another test before' },
    });
    // A second Greenhouse application of the same candidate and test: its own interview, the active evaluation resumed.
    const second = await sendTest(key, {}, { email: 'RON.WEASLEY@hogwarts.test' });
    expect(second.status).toBe(200);
    expect(
      await count(
        'SELECT count(DISTINCT evaluation_id) AS n FROM evaluation.greenhouse_interviews gi JOIN evaluation.evaluations e ON e.id = gi.evaluation_id WHERE e.team_id = $1 AND e.persona_id = (SELECT id FROM profile.personas WHERE lower(email_address) = $2)',
        [teamId, email],
      ),
    ).toBe(1);
    expect(await count('SELECT count(*) AS n FROM profile.personas WHERE lower(email_address) = $1', [email])).toBe(1);
  });

  it('makes one interview, one persona and one invitation of send_tests that arrive at once', async () => {
    via.gateway = false;
    const url = takeHomeTest(888);
    const email = 'luna.lovegood@hogwarts.test';
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendTest(key, { url }, { email })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => (answer.body as { partner_interview_id: string }).partner_interview_id)).size).toBe(1);
    await smtp.latestTo(email);
    expect(smtp.messages.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    expect(await count('SELECT count(*) AS n FROM evaluation.greenhouse_interviews WHERE callback_url = $1', [url])).toBe(1);
    // Other URLs for one new address at once: one persona, one evaluation, an interview and an invitation each.
    const other = 'cho.chang@hogwarts.test';
    const parallel = await Promise.all(Array.from({ length: 4 }, () => sendTest(key, {}, { email: other })));
    expect(parallel.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await count('SELECT count(*) AS n FROM profile.personas WHERE lower(email_address) = $1', [other])).toBe(1);
    expect(
      await count(
        `SELECT count(DISTINCT gi.evaluation_id) AS n FROM evaluation.greenhouse_interviews gi
         JOIN evaluation.evaluations e ON e.id = gi.evaluation_id JOIN profile.personas p ON p.id = e.persona_id
         WHERE lower(p.email_address) = $1`,
        [other],
      ),
    ).toBe(1);
  });

  it('keeps nothing when the mail server refuses the invitation, so Greenhouse’s retry starts afresh', async () => {
    const url = takeHomeTest(502);
    const email = 'neville@hogwarts.test';
    smtp.refusing = true;
    try {
      const refused = await sendTest(key, { url }, { email });
      expect(refused.status).toBe(502);
      expect(refused.body).toMatchObject({ statusCode: 502 });
    } finally {
      smtp.refusing = false;
    }
    expect(await count('SELECT count(*) AS n FROM evaluation.greenhouse_interviews WHERE callback_url = $1', [url])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM profile.personas WHERE lower(email_address) = $1', [email])).toBe(0);
    const retried = await sendTest(key, { url }, { email });
    expect(retried.status).toBe(200);
    await smtp.latestTo(email);
  });

  it('refuses a missing, malformed, unknown or revoked key and every Bearer token with 401, the platform body and a Basic challenge', async () => {
    const refusals: Array<[string, string | undefined]> = [
      ['no header', undefined],
      ['an administrator’s Bearer token', admin],
      ['a persona’s Bearer token', `Bearer ${tokens.mint({ sub: 'p', kind: 'persona', emailAddress: 'p@example.test', personaId: 'p' })}`],
      ['the key as a Bearer token', `Bearer ${key}`],
      ['an unknown key', basic(`tfk_${randomBytes(32).toString('base64url')}`)],
      ['a malformed key', basic('not-a-key')],
      ['the key as the password', basic('', key)],
      ['Basic without a colon', `Basic ${Buffer.from(key).toString('base64')}x`],
      ['garbage', 'Basic %%%'],
    ];
    for (const [label, authorization] of refusals) {
      for (const [method, route] of [
        ['GET', 'list_tests'],
        ['POST', 'send_test'],
        ['GET', 'test_status?partner_interview_id=6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f'],
        ['POST', 'response_error'],
      ] as const) {
        const answer = await call(method, `${GREENHOUSE}/${route}`, authorization, method === 'POST' ? {} : undefined);
        expect({ label, route, status: answer.status, challenge: answer.headers.get('www-authenticate') }).toEqual({
          label,
          route,
          status: 401,
          challenge: 'Basic realm="teamfit partner API", charset="UTF-8"',
        });
        expect(answer.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });
      }
    }

    // Revocation takes effect on the very next call.
    const issued = await issueKey(organisationId, 'To revoke');
    const revocable = issued['key'] as string;
    expect((await greenhouse('GET', 'list_tests', revocable)).status).toBe(200);
    const revoked = await call('POST', `/organisation/organisations/${organisationId}/api-keys/${issued['id'] as string}/revoke`, admin);
    expect(revoked).toMatchObject({ status: 200, body: { id: issued['id'], revokedAt: expect.any(String) } });
    const refused = await greenhouse('GET', 'list_tests', revocable);
    expect(refused).toMatchObject({ status: 401, body: { statusCode: 401, message: 'Invalid or revoked API key' } });
    // Revoking again changes nothing; another organisation's key id is not found.
    const again = await call('POST', `/organisation/organisations/${organisationId}/api-keys/${issued['id'] as string}/revoke`, admin);
    expect(again.body).toEqual(revoked.body);
    const foreign = await call(
      'POST',
      `/organisation/organisations/${otherOrganisationId}/api-keys/${issued['id'] as string}/revoke`,
      admin,
    );
    expect(foreign.status).toBe(404);
  });

  it('404 for a test or an interview that is not the organisation’s; 400 for bad input', async () => {
    for (const testId of [String(otherTeamId), '999999', 'abc', '0x10', '1e3', '99999999999']) {
      const answer = await sendTest(key, { partner_test_id: testId });
      expect({ testId, status: answer.status, body: answer.body }).toEqual({
        testId,
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Test not found' },
      });
    }
    const theirs = await sendTest(otherKey, { partner_test_id: String(otherTeamId) }, { email: 'viktor@durmstrang.test' });
    expect(theirs.status).toBe(200);
    const theirInterview = (theirs.body as { partner_interview_id: string }).partner_interview_id;
    expect((await greenhouse('GET', `test_status?partner_interview_id=${theirInterview}`, otherKey)).status).toBe(200);
    const foreign = await greenhouse('GET', `test_status?partner_interview_id=${theirInterview}`, key);
    expect(foreign).toMatchObject({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Interview not found' } });

    const bad: Array<[string, unknown]> = [
      ['no candidate', { partner_test_id: String(teamId), url: 'https://app.greenhouse.test/x' }],
      ['a bad address', { partner_test_id: String(teamId), candidate: { email: 'nope' }, url: 'https://app.greenhouse.test/x' }],
      ['no url', { partner_test_id: String(teamId), candidate: { email: 'a@b.test' } }],
      ['a url that is no URL', { partner_test_id: String(teamId), candidate: { email: 'a@b.test' }, url: 'javascript:alert(1)' }],
      ['a numeric test id', { partner_test_id: teamId, candidate: { email: 'a@b.test' }, url: 'https://app.greenhouse.test/x' }],
      ['an array', []],
    ];
    for (const [label, body] of bad) {
      const answer = await greenhouse('POST', 'send_test', key, body);
      expect({ label, status: answer.status }).toEqual({ label, status: 400 });
      expect(answer.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
    }
    for (const query of ['', '?partner_interview_id=', '?partner_interview_id=12345', '?partner_interview_id=%00']) {
      expect((await greenhouse('GET', `test_status${query}`, key)).status).toBe(400);
    }
    expect((await greenhouse('POST', 'response_error', key, { api_call: 'list_tests' })).status).toBe(400);
  });

  it('every JSON example Greenhouse publishes validates against the generated OpenAPI document, and the API takes its requests', async () => {
    const document = JSON.parse(readFileSync(path.join(ROOT, 'docs/openapi/platform.json'), 'utf8')) as ConstructorParameters<
      typeof ResponseContract
    >[0];
    const contract = new ResponseContract(document);
    const problems = GREENHOUSE_EXAMPLES.flatMap((example) =>
      example.kind === 'request'
        ? contract.requestProblemsOf(example.method, example.path, example.body)
        : contract.problemsOf(example.method, example.path, 200, example.body),
    );
    expect(problems).toEqual([]);
    // The checker refuses what the document does not describe: it is not waving everything through.
    expect(
      contract.problemsOf('GET', `${GREENHOUSE}/test_status`, 200, { partner_status: 'complete', metadata: { nested: {} } }),
    ).not.toEqual([]);

    // Each request example, with this organisation's test id, is accepted by the real API, a field Greenhouse adds later included.
    for (const example of GREENHOUSE_EXAMPLES.filter((candidate) => candidate.kind === 'request')) {
      const body: Record<string, unknown> = { ...(example.body as Record<string, unknown>), a_field_added_later: { any: 'thing' } };
      if ('partner_test_id' in body && example.name.startsWith('send_test')) {
        body['partner_test_id'] = String(teamId);
        body['url'] = `${String(body['url'])}/${example.name.length}`;
      }
      const answer = await call(example.method, example.path, basic(key), body);
      expect({ example: example.name, status: answer.status }).toEqual({ example: example.name, status: 200 });
      expect(contract.problemsOf(example.method, example.path, 200, answer.body)).toEqual([]);
    }
    // And the real answers match the document too.
    expect(contract.problemsOf('GET', `${GREENHOUSE}/list_tests`, 200, (await greenhouse('GET', 'list_tests', key)).body)).toEqual([]);
  });
});
