import { buildOpenApiDocument, RequestLogWriter, SOMEONE_ELSE } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import {
  ISO_TIMESTAMP,
  ResponseContract,
  type RunningTestService,
  seedTestAccounts,
  startTestService,
  TestTokens,
  UNKNOWN_UUID,
} from '@teamfit/platform/testing';
import { type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import request from 'supertest';
import { evaluationAppModule } from '../../evaluation/src/evaluation-app.module';
import { seedSmallQuestionnaire } from '../../evaluation/test/small-questionnaire.fixture';
import { organisationAppModule } from '../../organisation/src/organisation-app.module';
import { profileAppModule } from '../src/profile-app.module';

const ADA = 'ada.export@example.test';
const ADA_USER = 'ada.user@example.test';
const GRACE = 'grace.export@example.test';
const ADMIN_ID = '00000000-0000-4000-8000-0000000ad001';

interface ExportDocument {
  formatVersion: number;
  exportedAt: string;
  persona: Record<string, unknown> & { id: string; user: { id: number } };
  demographics: Record<string, unknown> | null;
  signIn: { codes: Array<Record<string, unknown>>; sessions: Array<Record<string, unknown>>; lock: unknown; pendingEmailChange: unknown };
  profileTeams: Array<Record<string, unknown>>;
  algorithmTeams: Array<Record<string, unknown>>;
  experience: unknown;
  goals: unknown;
  evaluations: Array<Record<string, unknown> & { questions: Array<Record<string, unknown>>; results: Record<string, unknown> | null }>;
  serviceRequests: Array<Record<string, unknown> & { comments: Array<Record<string, unknown>> }>;
  apiCalls: Array<{
    caller: string;
    service: string;
    method: string;
    url: string;
    body: unknown;
    params: Record<string, unknown>;
    query: Record<string, unknown>;
  }>;
}

/**
 * GET /persona/:id/export with every service that holds something about a persona running on one
 * database: a persona (Ada) with data in each, and another (Grace) with data beside hers that must
 * not appear in Ada's export. The document is checked part by part and against its OpenAPI schema.
 */
describe('GET /persona/:id/export: everything the platform holds about a persona', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let client: Client;
  let smtp: SmtpListener;
  let invitedAt = '';
  let contest: Record<string, unknown> = {};
  let review: Record<string, unknown> = {};
  const services: Partial<Record<'profile' | 'evaluation' | 'organisation', RunningTestService>> = {};
  const admin = `Bearer ${tokens.admin({ sub: ADMIN_ID })}`;
  const persona = (id: string, emailAddress: string) => `Bearer ${tokens.mint({ sub: id, kind: 'persona', emailAddress, personaId: id })}`;
  const questions = { q1: 0, q2: 0, q3: 0 };
  const ids = {
    ada: '',
    grace: '',
    adaUser: 0,
    team: 0,
    soloTeam: 0,
    completed: '',
    unfinished: '',
    graceEvaluation: '',
    request: '',
    graceRequest: '',
    industry: 0,
    skill: 0,
    years: 0,
    location: 0,
  };
  const profileTeams = { member: '', manager: '', unrelated: '' };
  let contract: ResponseContract;

  const url = (service: keyof typeof services): string => services[service]?.url ?? '';
  const exportOf = (id: string, authorization = admin) =>
    request(url('profile')).get(`/persona/${id}/export`).set('authorization', authorization);
  const flushLogs = async () => {
    for (const service of Object.values(services)) await service?.app.get(RequestLogWriter).flush();
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    // Rights are read from the account: the administrator the token names exists.
    await seedTestAccounts(database.url, [{ id: ADMIN_ID, emailAddress: 'export.admin@teamfit.test', isAdmin: true }]);
    client = new Client({ connectionString: database.url });
    await client.connect();
    Object.assign(questions, await seedSmallQuestionnaire(drizzle({ client })));
    smtp = await startSmtpListener();
    const options = { databaseUrl: database.url, keys: tokens.keys, env: { SMTP_URL: smtp.url } };
    services.profile = await startTestService('profile', (config) => profileAppModule(config), options);
    services.evaluation = await startTestService('evaluation', (config) => evaluationAppModule(config), options);
    contract = new ResponseContract(buildOpenApiDocument(services.profile.app, 'profile'));
    const profile = request(url('profile'));
    const evaluation = request(url('evaluation'));

    // Profile: the personas, their profile teams.
    const ada = await profile
      .post('/persona')
      .set('authorization', admin)
      .send({
        user_id: randomUUID(),
        role: 'Analyst',
        description: 'Counts things',
        emailAddress: ADA,
        contactNumber: '+44 20 7946 0000',
        user: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: ADA_USER },
      })
      .expect(201);
    ids.ada = ada.body.id as string;
    ids.adaUser = ada.body.user.id as number;
    ids.grace = (
      await profile
        .post('/persona')
        .set('authorization', admin)
        .send({ user_id: randomUUID(), role: 'Admiral', description: 'Finds bugs', emailAddress: GRACE })
        .expect(201)
    ).body.id as string;
    // Demographics through their own route: Ada's (by herself) and Grace's (by an administrator).
    await profile
      .put(`/persona/${ids.ada}/demographics`)
      .set('authorization', persona(ids.ada, ADA))
      .send({ sex: 'FEMALE', raceEthnicity: 'WHITE', consent: true })
      .expect(200);
    await profile
      .put(`/persona/${ids.grace}/demographics`)
      .set('authorization', admin)
      .send({ sex: 'FEMALE', raceEthnicity: 'TWO_OR_MORE_RACES', consent: true })
      .expect(200);
    await profile
      .patch(`/persona/${ids.ada}`)
      .set('authorization', persona(ids.ada, ADA))
      .send({ profileBio: 'Poetical science', resumeContent: 'Notes on the Analytical Engine' })
      .expect(200);
    await profile
      .patch(`/persona/${ids.grace}`)
      .set('authorization', persona(ids.grace, GRACE))
      .send({ profileBio: 'Nanoseconds' })
      .expect(200);
    const team = (body: object) =>
      profile
        .post('/team')
        .set('authorization', admin)
        .send({ organisation_id: 'org-1', ...body })
        .expect(201);
    profileTeams.member = (await team({ teamName: 'Engine', roleName: 'Analyst', memberIds: [ids.ada, ids.grace], managers: [ids.grace] }))
      .body._id as string;
    profileTeams.manager = (await team({ teamName: 'Mill', teamDescription: 'Arithmetic', managers: [ids.ada] })).body._id as string;
    profileTeams.unrelated = (await team({ teamName: 'Navy', memberIds: [ids.grace] })).body._id as string;

    // Evaluation: teams, a completed and an unfinished evaluation, experience and goals.
    const post = (path: string, body: object, authorization = admin) =>
      evaluation.post(path).set('authorization', authorization).send(body);
    ids.team = (await post('/algorithm/teams', { name: 'Difference', memberPersonaIds: [ids.ada, ids.grace] }).expect(201)).body
      .id as number;
    ids.soloTeam = (await post('/algorithm/teams', { name: 'Solo', memberPersonaIds: [ids.grace] }).expect(201)).body.id as number;
    ids.completed = (await post('/evaluation', { personaId: ids.ada, teamId: ids.team }).expect(201)).body.id as string;
    for (const [questionId, value] of [
      [questions.q1, 5],
      [questions.q2, 1],
      [questions.q3, 4],
    ] as const) {
      await post(`/evaluation/${ids.completed}/answer`, { questionId, value, timeTaken: 6 }, persona(ids.ada, ADA)).expect(200);
    }
    ids.unfinished = (await post('/evaluation', { personaId: ids.ada, teamId: ids.soloTeam }).expect(201)).body.id as string;
    await post(`/evaluation/${ids.unfinished}/answer`, { questionId: questions.q1, value: 2, timeTaken: 3 }, persona(ids.ada, ADA)).expect(
      200,
    );
    // Contested by the persona and reviewed by an administrator: the export lists both, in order.
    contest = (await post(`/evaluation/${ids.completed}/contest`, { message: 'Please look again' }, persona(ids.ada, ADA)).expect(201))
      .body as Record<string, unknown>;
    review = (
      await post(`/evaluation/${ids.completed}/reviews`, { decision: 'OVERRIDDEN', reason: 'Seen together', overallScore: 61.5 }).expect(
        201,
      )
    ).body as Record<string, unknown>;
    // Invited (the e-mail goes to the listener): the export lists when, and no address.
    invitedAt = (await post(`/evaluation/${ids.unfinished}/invitation`, {}).expect(201)).body.invitedAt as string;
    ids.graceEvaluation = (await post('/evaluation', { personaId: ids.grace, teamId: ids.soloTeam }).expect(201)).body.id as string;
    ids.industry = (await post('/algorithm/industries', { name: 'Computing' }).expect(201)).body.id as number;
    ids.skill = (await post('/algorithm/skills', { name: 'Mathematics' }).expect(201)).body.id as number;
    ids.years = (await post('/algorithm/professionalyears', { name: '10+ years', orderBy: 4 }).expect(201)).body.id as number;
    ids.location = (await post('/algorithm/locations', { name: 'London', countryId: 44 }).expect(201)).body.id as number;
    await post('/algorithm/userexperiences', {
      userId: ids.adaUser,
      industryIds: [ids.industry],
      skillIds: [ids.skill],
      professionalYearsId: ids.years,
    }).expect(201);
    await post('/algorithm/usergoals', { userId: ids.adaUser, locationIds: [ids.location] }).expect(201);

    // Organisation (started after the evaluations: its platform questionnaire is not theirs).
    services.organisation = await startTestService('organisation', (config) => organisationAppModule(config), options);
    const hub = request(url('organisation'));
    ids.request = (
      await hub
        .post('/hub/service-requests')
        .set('authorization', persona(ids.ada, ADA))
        .send({ title: 'My results', description: 'Why 75?', urgency: 'HIGH', impact: 'LOW' })
        .expect(201)
    ).body._id as string;
    await hub
      .post(`/hub/service-requests/${ids.request}/comments`)
      .set('authorization', persona(ids.ada, ADA))
      .send({ text: 'Any news?' })
      .expect(201);
    await hub
      .post(`/admin/service-requests/${ids.request}/comments`)
      .set('authorization', admin)
      .send({ text: 'Looking into it', isInternal: false })
      .expect(201);
    await hub
      .post(`/admin/service-requests/${ids.request}/comments`)
      .set('authorization', admin)
      .send({ text: 'Internal: escalate', isInternal: true })
      .expect(201);
    ids.graceRequest = (
      await hub.post('/hub/service-requests').set('authorization', persona(ids.grace, GRACE)).send({ title: 'Not Ada' }).expect(201)
    ).body._id as string;
    // An account's ticket that quotes Ada's address is the account's, not Ada's.
    await hub.post('/hub/service-requests').set('authorization', admin).send({ title: 'About a candidate', description: ADA }).expect(201);

    // Sign-in records, as the sign-in writes them (codes are stored only as hashes).
    await client.query(
      `INSERT INTO profile.login_challenges (subject_id, email_address, code_challenge, otp_hash, otp_salt, expires_at, consumed_at, created_at) VALUES
         ($1, $2, 'challenge', 'hash-a', 'salt-a', '2026-05-01T10:10:00Z', '2026-05-01T10:02:00Z', '2026-05-01T10:00:00Z'),
         ($3, $4, 'challenge', 'hash-g', 'salt-g', '2026-05-01T10:10:00Z', NULL, '2026-05-01T10:00:00Z')`,
      [ids.ada, ADA, ids.grace, GRACE],
    );
    const family = randomUUID();
    await client.query(
      `INSERT INTO profile.refresh_tokens (family_id, token_hash, subject_id, activated_at, rotated_at, revoked_at, expires_at, session_expires_at, created_at) VALUES
         ($1, 'token-1', $2, '2026-05-01T10:02:00Z', '2026-05-02T09:00:00Z', NULL, '2026-05-31T10:02:00Z', '2026-05-31T10:02:00Z', '2026-05-01T10:02:00Z'),
         ($1, 'token-2', $2, '2026-05-02T09:00:00Z', NULL, '2026-05-03T18:00:00Z', '2026-05-31T10:02:00Z', '2026-05-31T10:02:00Z', '2026-05-02T09:00:00Z'),
         ($3, 'token-3', $4, '2026-05-01T10:02:00Z', NULL, NULL, '2026-05-31T10:02:00Z', '2026-05-31T10:02:00Z', '2026-05-01T10:02:00Z')`,
      [family, ids.ada, randomUUID(), ids.grace],
    );
    await client.query(
      `INSERT INTO profile.login_throttles (subject_id, consecutive_failures, locked_until) VALUES ($1, 2, NULL), ($2, 5, '2026-05-01T11:00:00Z')`,
      [ids.ada, ids.grace],
    );
    await client.query(
      `INSERT INTO profile.persona_email_changes (persona_id, field, new_address, otp_hash, otp_salt, expires_at, created_at) VALUES ($1, 'emailAddress', 'ada.new@example.test', 'h', 's', '2026-05-04T10:10:00Z', '2026-05-04T10:00:00Z')`,
      [ids.ada],
    );

    // Log entries no service call above made, by an administrator: an address escaped in JSON, and
    // addresses that only look like Ada's.
    await client.query('SELECT telemetry.ensure_month_partition(now())');
    for (const [path, body] of [
      ['/escaped', '{"emailAddress":"ada.export\\u0040example.test"}'],
      ['/longer-local-part', '{"emailAddress":"grada.export@example.test"}'],
      ['/longer-domain', '{"emailAddress":"ada.export@example.test.uk"}'],
    ] as const) {
      await client.query(
        `INSERT INTO telemetry.api_calls (service, start_time, end_time, processing_time, method, url, http_version, status_code, caller_app, device_type, raw_headers, body, params, query, caller_kind, caller_id)
         VALUES ('profile', now(), now(), 1, 'POST', $1, '1.1', 201, 'hub', 'desktop', '[]', $2, '{}', '{}', 'administrator', $3)`,
        [path, body, ADMIN_ID],
      );
    }
    await flushLogs();
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    for (const service of Object.values(services)) await service?.close();
    await database?.drop();
    await smtp?.close();
  });

  let document: ExportDocument;

  it('answers an administrator with one streamed JSON document that matches its OpenAPI schema', async () => {
    const response = await exportOf(ids.ada).expect(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="persona-${ids.ada}.json"`);
    document = response.body as ExportDocument;
    contract.assertMatches('GET', `/persona/${ids.ada}/export`, 200, document);
    expect(document.formatVersion).toBe(1);
    expect(document.exportedAt).toMatch(ISO_TIMESTAMP);
  });

  it('holds the persona with every profile field', async () => {
    const stored = await request(url('profile')).get(`/persona/${ids.ada}`).set('authorization', admin).expect(200);
    expect(document.persona).toEqual(stored.body);
    expect(document.persona).toMatchObject({
      emailAddress: ADA,
      contactNumber: '+44 20 7946 0000',
      profileBio: 'Poetical science',
      resumeContent: 'Notes on the Analytical Engine',
    });
  });

  it('holds its self-reported demographics, as their own route answers them, and not the other persona’s', async () => {
    const stored = await request(url('profile')).get(`/persona/${ids.ada}/demographics`).set('authorization', admin).expect(200);
    expect(document.demographics).toEqual(stored.body);
    expect(document.demographics).toEqual({
      personaId: ids.ada,
      sex: 'FEMALE',
      raceEthnicity: 'WHITE',
      consent: true,
      consentedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(JSON.stringify(document)).not.toContain('TWO_OR_MORE_RACES');
  });

  it('holds its sign-in records without a hash or salt, and its pending address change', () => {
    expect(document.signIn).toEqual({
      codes: [
        {
          emailAddress: ADA,
          requestedAt: '2026-05-01T10:00:00.000Z',
          expiresAt: '2026-05-01T10:10:00.000Z',
          usedAt: '2026-05-01T10:02:00.000Z',
          supersededAt: null,
        },
      ],
      sessions: [
        {
          startedAt: '2026-05-01T10:02:00.000Z',
          lastRefreshedAt: '2026-05-02T09:00:00.000Z',
          endsAt: '2026-05-31T10:02:00.000Z',
          revokedAt: '2026-05-03T18:00:00.000Z',
        },
      ],
      lock: { consecutiveFailures: 2, lockedUntil: null },
      pendingEmailChange: {
        field: 'emailAddress',
        newAddress: 'ada.new@example.test',
        requestedAt: '2026-05-04T10:00:00.000Z',
        expiresAt: '2026-05-04T10:10:00.000Z',
      },
    });
    expect(JSON.stringify(document)).not.toMatch(/hash-a|salt-a|token-1/);
  });

  it('holds its profile teams, as member or manager, without the other people in them', () => {
    expect(document.profileTeams).toEqual([
      {
        _id: profileTeams.member,
        organisation_id: 'org-1',
        teamName: 'Engine',
        teamDescription: null,
        roleName: 'Analyst',
        member: true,
        manager: false,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      },
      {
        _id: profileTeams.manager,
        organisation_id: 'org-1',
        teamName: 'Mill',
        teamDescription: 'Arithmetic',
        roleName: null,
        member: false,
        manager: true,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      },
    ]);
  });

  it('holds its algorithm teams, experience and goals, lookups named', () => {
    expect(document.algorithmTeams).toEqual([{ id: ids.team, name: 'Difference', organisationId: null }]);
    expect(document.experience).toEqual({
      userId: ids.adaUser,
      industries: [{ id: ids.industry, name: 'Computing' }],
      functions: [],
      skills: [{ id: ids.skill, name: 'Mathematics' }],
      studyMajors: [],
      professionalYears: { id: ids.years, name: '10+ years' },
      educationLevel: null,
    });
    expect(document.goals).toEqual({
      userId: ids.adaUser,
      industries: [],
      functions: [],
      skills: [],
      locations: [{ id: ids.location, name: 'London' }],
    });
  });

  it('holds its evaluations with every question, its answers and the stored results', async () => {
    const served = await request(url('evaluation')).get(`/evaluation/${ids.completed}`).set('authorization', admin).expect(200);
    expect(document.evaluations.map((evaluation) => evaluation['id'])).toEqual([ids.completed, ids.unfinished]);
    const [completed, unfinished] = document.evaluations;
    expect(completed).toMatchObject({
      algorithmTeamId: ids.team,
      algorithmTeamName: 'Difference',
      status: 'complete',
      answered: 3,
      total: 3,
      completedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(completed?.results).toEqual(served.body.results);
    expect(completed?.questions).toEqual([
      expect.objectContaining({
        order: 0,
        id: questions.q1,
        text: 'I like a quick tempo.',
        summary: 'Preference for speed.',
        questionGroupName: 'pace',
        answer: { value: 5, timeTaken: 6, answeredAt: expect.stringMatching(ISO_TIMESTAMP) },
      }),
      expect.objectContaining({
        order: 1,
        id: questions.q2,
        text: 'I prefer to take my time.',
        summary: null,
        questionGroupName: 'pace',
        answer: expect.objectContaining({ value: 1 }),
      }),
      expect.objectContaining({
        order: 2,
        id: questions.q3,
        text: 'I set myself ambitious goals.',
        questionGroupName: 'drive',
        answer: expect.objectContaining({ value: 4 }),
      }),
    ]);
    expect(unfinished).toMatchObject({
      algorithmTeamId: ids.soloTeam,
      status: 'in_progress',
      answered: 1,
      completedAt: null,
      results: null,
      invitations: [{ invitedAt }],
    });
    expect(completed?.invitations).toEqual([]);
    // Who reviewed stays out, as the administrators behind its API calls do: the export names no administrator.
    const exported = (entry: Record<string, unknown>) => ({
      id: entry['id'],
      kind: entry['kind'],
      decision: entry['decision'],
      overallScore: entry['overallScore'],
      reason: entry['reason'],
      message: entry['message'],
      createdAt: entry['createdAt'],
    });
    expect(completed?.reviews).toEqual([exported(contest), exported(review)]);
    expect(review).toMatchObject({ kind: 'REVIEW', decision: 'OVERRIDDEN', overallScore: 61.5, reason: 'Seen together' });
    expect(contest).toMatchObject({ kind: 'CONTEST', message: 'Please look again' });
    expect(unfinished?.reviews).toEqual([]);
    expect(unfinished?.questions.map((question) => (question['answer'] as { value: number } | null)?.value ?? null)).toEqual([
      2,
      null,
      null,
    ]);
  });

  it('holds the service requests it filed with their public comments, never internal ones', () => {
    expect(document.serviceRequests).toEqual([
      expect.objectContaining({
        _id: ids.request,
        title: 'My results',
        description: 'Why 75?',
        urgency: 'HIGH',
        impact: 'LOW',
        status: 'NEW',
        deletedAt: null,
      }),
    ]);
    expect(document.serviceRequests[0]?.comments.map((comment) => [comment['authorType'], comment['text']])).toEqual([
      ['REQUESTER', 'Any news?'],
      ['ADMIN', 'Looking into it'],
    ]);
    expect(JSON.stringify(document)).not.toContain('Internal: escalate');
  });

  it('holds the calls it made with its own token, whatever they name', () => {
    const own = document.apiCalls.filter((call) => call.caller === 'self').map((call) => `${call.service} ${call.method} ${call.url}`);
    expect(own).toEqual([
      `profile PUT /persona/${ids.ada}/demographics`,
      `profile PATCH /persona/${ids.ada}`,
      ...[1, 2, 3].map(() => `evaluation POST /evaluation/${ids.completed}/answer`),
      `evaluation POST /evaluation/${ids.unfinished}/answer`,
      `evaluation POST /evaluation/${ids.completed}/contest`,
      'organisation POST /hub/service-requests',
      `organisation POST /hub/service-requests/${ids.request}/comments`,
    ]);
  });

  it('the log kept the demographics call without the answers (special-category data)', () => {
    const call = document.apiCalls.find((entry) => entry.url === `/persona/${ids.ada}/demographics`);
    expect(call?.body).toEqual({ sex: '[redacted]', raceEthnicity: '[redacted]', consent: true });
  });

  it("holds the accounts' calls that carry its id or one of its addresses, and no one else's", () => {
    const byOthers = document.apiCalls.filter((call) => call.caller !== 'self');
    const calls = byOthers.map((call) => `${call.caller} ${call.service} ${call.method} ${call.url}`);
    expect(calls).toEqual(
      expect.arrayContaining([
        'administrator profile POST /persona',
        'administrator profile POST /team',
        'administrator evaluation POST /algorithm/teams',
        'administrator evaluation POST /evaluation',
        // The account's ticket that quotes her address.
        'administrator organisation POST /hub/service-requests',
        'administrator profile POST /escaped',
      ]),
    );
    for (const call of byOthers) {
      const text = JSON.stringify([call.url, call.params, call.query, call.body]).replace(/\\u0040/g, '@');
      expect({ call: call.url, carriesIdentity: text.includes(ids.ada) || text.includes(ADA) || text.includes(ADA_USER) }).toEqual({
        call: call.url,
        carriesIdentity: true,
      });
    }
    expect(calls.filter((call) => call.includes('POST /longer'))).toEqual([]);
    // Grace's creation carries only her address; Ada's carries hers, and is there once.
    expect(calls.filter((call) => call.endsWith('profile POST /persona'))).toHaveLength(1);
    // The team made of both: Grace is someone else.
    expect(byOthers.find((call) => call.url === '/algorithm/teams')?.body).toEqual({
      name: 'Difference',
      memberPersonaIds: [ids.ada, SOMEONE_ELSE],
    });
  });

  it('holds nothing of the other persona, nor the administrator who made the calls', () => {
    const text = JSON.stringify(document);
    for (const fragment of [ids.grace, GRACE, 'Nanoseconds', ids.graceEvaluation, ids.graceRequest, 'Not Ada', 'Navy', 'hash-g', ADMIN_ID])
      expect({ fragment, found: text.includes(fragment) }).toEqual({ fragment, found: false });
  });

  it('answers a persona token for its own persona with the same document', async () => {
    await flushLogs();
    const own = await exportOf(ids.ada, persona(ids.ada, ADA)).expect(200);
    const { exportedAt: _first, apiCalls: _a, ...asAdmin } = document;
    const { exportedAt: _second, apiCalls: _b, ...asItself } = own.body as ExportDocument;
    expect(asItself).toEqual(asAdmin);
  });

  it("refuses another persona's token, an account that is not an administrator, and no token", async () => {
    const refused = await exportOf(ids.ada, persona(ids.grace, GRACE)).expect(403);
    expect(refused.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'A persona may export only its own data' });
    // Even for a persona that does not exist: a persona learns nothing about others.
    await exportOf(UNKNOWN_UUID, persona(ids.grace, GRACE)).expect(403);
    const account = await exportOf(ids.ada, `Bearer ${tokens.account()}`).expect(403);
    expect(account.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Administrator rights are required' });
    await request(url('profile')).get(`/persona/${ids.ada}/export`).expect(401);
  });

  it('answers 404 for an unknown persona and 400 for an id that is not a UUID, in the platform error body', async () => {
    const missing = await exportOf(UNKNOWN_UUID).expect(404);
    expect(missing.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Persona not found' });
    const malformed = await exportOf('not-a-uuid').expect(400);
    expect(malformed.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining('id') });
  });

  it('gives its snapshot back when the client goes away before the end', async () => {
    // Megabytes of log entries about her: more than the connection buffers, so the export is
    // still waiting for the client to read when the client goes.
    await client.query(
      `INSERT INTO telemetry.api_calls (service, start_time, end_time, processing_time, method, url, http_version, status_code, caller_app, device_type, raw_headers, body, params, query, caller_kind, caller_id)
       SELECT 'profile', now(), now(), 1, 'POST', '/bulk', '1.1', 201, 'hub', 'desktop', '[]', json_build_object('emailAddress', $1::text, 'note', repeat('x', 1000)), '{}', '{}', 'persona', $2
         FROM generate_series(1, 20000)`,
      [ADA, ids.ada],
    );
    // The profile service's own connections with a transaction open (the snapshot's, while it lasts).
    const openTransactions = async () =>
      Number(
        (
          await client.query<{ n: string }>(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'profile' AND xact_start IS NOT NULL",
          )
        ).rows[0]?.n,
      );
    let received = 0;
    await new Promise<void>((resolve, reject) => {
      const call = http.get(`${url('profile')}/persona/${ids.ada}/export`, { headers: { authorization: admin } }, (response) => {
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received < 100_000) return;
          call.destroy();
          resolve();
        });
      });
      call.on('error', (error) => (call.destroyed ? undefined : reject(error)));
    });
    // Some 20 MB were due: the export was far from its end.
    for (let waited = 0; waited < 5_000 && (await openTransactions()) > 0; waited += 50) await sleep(50);
    expect(await openTransactions()).toBe(0);
  });
});
