import { s256Challenge } from '@teamfit/auth';
import { buildOpenApiDocument } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { otpFromMail, type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { ResponseContract, type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { subjectHashOf } from '@teamfit/privacy';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { evaluationAppModule } from '../../evaluation/src/evaluation-app.module';
import { mediaAppModule } from '../../media/src/media-app.module';
import { organisationAppModule } from '../../organisation/src/organisation-app.module';
import { profileAppModule } from '../src/profile-app.module';
import { answerAll, eventually, identityHits } from './erasure-test-kit';

const ROOT = path.resolve(__dirname, '../../..');

/** The persona to erase: names and addresses nothing else on the platform carries. */
const ERASED = {
  firstName: 'Quillonia',
  lastName: 'Vandersnoot',
  username: 'qvandersnoot',
  emailAddress: 'quillonia.v@example.test',
  userEmailAddress: 'q.vandersnoot@example.test',
};

/** The User-Agent of the persona's own device. */
const OWN_CLIENT = 'QuilloniaPhone/2.0 (own handset)';

/**
 * Erasure across the platform, through the real gateway: a persona with a completed evaluation,
 * profile and algorithm team memberships, experience and goal records, sign-in state, a hub
 * service request with comments and logged API calls is erased; afterwards no row of any table
 * of any schema holds its id, an address or a name of it, its teams work without it, and the
 * audit record says who erased, when and how many rows, and nothing about whom.
 */
describe('POST /profile/persona/:id/erase: the persona, erased from every service', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  let database: TestDatabase;
  let client: Client;
  let smtp: SmtpListener;
  let profile: RunningTestService;
  let evaluation: RunningTestService;
  let organisation: RunningTestService;
  /** An organisation instance whose clock stands still: its guard keeps trusting what it read before the erasure. */
  let stillOrganisation: RunningTestService;
  let gateway: TestGateway;
  let contract: ResponseContract;
  const ids = {
    persona: '',
    other: '',
    third: '',
    userNumber: 0,
    profileTeam: '',
    algorithmTeam: 0,
    ticket: '',
    evaluation: '',
    answers: 0,
  };
  const needles = () => [ids.persona, ERASED.emailAddress, ERASED.userEmailAddress, ERASED.firstName, ERASED.lastName, ERASED.username];
  const viaGateway = () => request(gateway.url);
  let personaBearer = '';
  let versionBefore = 0;
  let shortlistBefore: Array<{ persona: { id: string }; workstyle: { score: number } }> = [];
  const shortlistOf = async (url: string) =>
    (
      (await request(url).post(`/algorithm/teams/${ids.algorithmTeam}/shortlist`).set('authorization', admin).send({}).expect(200))
        .body as { items: Array<{ persona: { id: string }; workstyle: { score: number } }> }
    ).items;

  const createPersona = async (firstName: string, extra: object = {}) =>
    (
      await viaGateway()
        .post('/profile/persona')
        .set('authorization', admin)
        .send({
          user_id: randomUUID(),
          role: 'Engineer',
          description: `${firstName} for the erasure test`,
          status: 'ACTIVE',
          user: { firstName },
          ...extra,
        })
        .expect(201)
    ).body as { id: string; user: { id: number } };
  const completeEvaluation = async (personaId: string, value: number) => {
    const created = (
      await request(evaluation.url)
        .post('/evaluation')
        .set('authorization', admin)
        .send({ personaId, teamId: ids.algorithmTeam })
        .expect(201)
    ).body as { id: string; currentQuestion: { id: number } };
    return { id: created.id, answers: await answerAll(evaluation.url, admin, created.id, created.currentQuestion.id, value) };
  };
  const signIn = async () => {
    const verifier = randomBytes(32).toString('base64url');
    const login = await viaGateway()
      .post('/profile/persona/login')
      .send({ emailAddress: ERASED.emailAddress, codeChallenge: s256Challenge(verifier) })
      .expect(200);
    return { login: login.body as { accessToken: string }, verifier };
  };
  const rowCount = async (text: string, values: unknown[]) =>
    (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${text}`, values)).rows[0]?.n;
  const erase = (personaId: string) => viaGateway().post(`/profile/persona/${personaId}/erase`).set('authorization', admin);

  beforeAll(async () => {
    smtp = await startSmtpListener();
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    const start = (name: 'profile' | 'evaluation' | 'organisation', factory: Parameters<typeof startTestService>[1]) =>
      startTestService(name, factory, { databaseUrl: database.url, keys: tokens.keys, env: { SMTP_URL: smtp.url } });
    profile = await start('profile', (config) => profileAppModule(config));
    evaluation = await start('evaluation', (config) => evaluationAppModule(config));
    // Seeds the platform questionnaire the evaluations are fixed with.
    organisation = await start('organisation', (config) => organisationAppModule(config));
    const standing = new Date();
    stillOrganisation = await start('organisation', (config) => organisationAppModule(config, { now: () => standing }));
    gateway = await startTestGateway(ROOT, { profile: profile.port, evaluation: evaluation.port, organisation: organisation.port });
    contract = new ResponseContract(buildOpenApiDocument(profile.app, 'profile'));

    const erased = await createPersona(ERASED.firstName, {
      emailAddress: ERASED.emailAddress,
      user: { firstName: ERASED.firstName, lastName: ERASED.lastName, username: ERASED.username, emailAddress: ERASED.userEmailAddress },
    });
    ids.persona = erased.id;
    ids.userNumber = erased.user.id;
    ids.other = (await createPersona('Otherwise')).id;
    ids.third = (await createPersona('Thirdly')).id;
    await viaGateway()
      .put(`/profile/persona/${ids.persona}/demographics`)
      .set('authorization', admin)
      .send({ sex: 'OTHER', raceEthnicity: 'ASIAN', consent: true })
      .expect(200);
    await viaGateway()
      .put(`/profile/persona/${ids.other}/demographics`)
      .set('authorization', admin)
      .send({ sex: 'MALE', raceEthnicity: 'WHITE', consent: true })
      .expect(200);
    ids.profileTeam = (
      await viaGateway()
        .post('/profile/team')
        .set('authorization', admin)
        .send({ organisation_id: 'erasure-test', teamName: 'Erasure crew', memberIds: [ids.persona, ids.other], managers: [ids.persona] })
        .expect(201)
    ).body._id as string;
    ids.algorithmTeam = (
      await viaGateway()
        .post('/evaluation/algorithm/teams')
        .set('authorization', admin)
        .send({ name: 'Erasure algorithm crew', memberPersonaIds: [ids.persona, ids.other, ids.third] })
        .expect(201)
    ).body.id as number;
    await viaGateway()
      .put(`/evaluation/algorithm/userexperiences/${ids.userNumber}`)
      .set('authorization', admin)
      .send({})
      .expect((response) => expect([200, 201]).toContain(response.status));
    await viaGateway()
      .put(`/evaluation/algorithm/usergoals/${ids.userNumber}`)
      .set('authorization', admin)
      .send({})
      .expect((response) => expect([200, 201]).toContain(response.status));

    // Sign-in state: a verified session, then a second login left open (a live code and a failure counter row).
    const first = await signIn();
    const verified = await viaGateway()
      .post('/profile/persona/verify')
      .set('authorization', `Bearer ${first.login.accessToken}`)
      .send({ otp: otpFromMail(await smtp.latestTo(ERASED.emailAddress)), codeVerifier: first.verifier })
      .expect(200);
    personaBearer = `Bearer ${(verified.body as { accessToken: string }).accessToken}`;
    // The still instance reads the persona's standing now, and trusts it for as long as its clock stands.
    await request(stillOrganisation.url).get('/hub/service-requests').set('authorization', personaBearer).expect(200);
    await signIn();
    // A call of its own that names nothing of it: found by its caller, and its client is the persona's too.
    await viaGateway().get('/profile/persona/me').set('authorization', personaBearer).set('user-agent', OWN_CLIENT).expect(200);

    // A hub ticket raised by the persona, with its own comment and the team's (public and internal).
    ids.ticket = (
      await viaGateway()
        .post('/hub/service-requests')
        .set('authorization', personaBearer)
        .send({ title: `${ERASED.firstName} cannot open the questionnaire`, description: `Please write to ${ERASED.emailAddress}` })
        .expect(201)
    ).body._id as string;
    await viaGateway()
      .post(`/hub/service-requests/${ids.ticket}/comments`)
      .set('authorization', personaBearer)
      .send({ text: `Thanks, ${ERASED.firstName} ${ERASED.lastName}` })
      .expect(201);
    await viaGateway()
      .post(`/admin/service-requests/${ids.ticket}/comments`)
      .set('authorization', admin)
      .send({ text: `Hello ${ERASED.firstName}, we wrote to ${ERASED.userEmailAddress}`, isInternal: false })
      .expect(201);
    await viaGateway()
      .post(`/admin/service-requests/${ids.ticket}/comments`)
      .set('authorization', admin)
      .send({ text: `${ERASED.lastName} asked twice`, isInternal: true })
      .expect(201);

    const own = await completeEvaluation(ids.persona, 4);
    Object.assign(ids, { evaluation: own.id, answers: own.answers });
    // Its contest and the review that answers it, both naming the persona: erased with the evaluation.
    const personaToken = tokens.mint({ sub: ids.persona, kind: 'persona', emailAddress: ERASED.emailAddress, personaId: ids.persona });
    await request(evaluation.url)
      .post(`/evaluation/${own.id}/contest`)
      .set('authorization', `Bearer ${personaToken}`)
      .send({ message: `${ERASED.firstName} ${ERASED.lastName} contests this` })
      .expect(201);
    await request(evaluation.url)
      .post(`/evaluation/${own.id}/reviews`)
      .set('authorization', admin)
      .send({ decision: 'CONFIRMED', reason: `Checked with ${ERASED.firstName}` })
      .expect(201);
    await completeEvaluation(ids.other, 2);
    await completeEvaluation(ids.third, 5);
    await viaGateway().get(`/profile/persona/${ids.persona}`).set('authorization', admin).expect(200);
    await viaGateway().get(`/evaluation/evaluation?personaId=${ids.persona}`).set('authorization', admin).expect(200);
    // The API-call log is written once a second: wait until it holds the calls that name the persona.
    await eventually(
      'the API-call log holds the persona',
      async () => ((await rowCount(`telemetry.api_calls WHERE url LIKE $1`, [`%${ids.persona}%`])) ?? 0) >= 2,
    );
    await eventually(
      'the API-call log holds its own call',
      async () => (await rowCount(`telemetry.api_calls WHERE url = '/persona/me'`, [])) === 1,
    );
    // Fills the team's cached aggregate, which must not outlive the member.
    shortlistBefore = await shortlistOf(evaluation.url);
    versionBefore = Number(
      (await client.query(`SELECT profiles_version FROM evaluation.teams WHERE id = $1`, [ids.algorithmTeam])).rows[0].profiles_version,
    );
  }, 180_000);

  afterAll(async () => {
    await gateway?.stop();
    await profile?.close();
    await evaluation?.close();
    await organisation?.close();
    await stillOrganisation?.close();
    await client?.end();
    await database?.drop();
    await smtp?.close();
  });

  it('before: the persona is in every service and in the API-call log', async () => {
    const tables = new Set(Object.keys(await identityHits(client, needles())).map((hit) => hit.split(' ~ ')[0] ?? hit));
    expect([...tables]).toEqual(
      expect.arrayContaining([
        'profile.personas',
        'profile.teams',
        'profile.login_challenges',
        'profile.refresh_tokens',
        'profile.login_throttles',
        'profile.persona_demographics',
        'evaluation.teams',
        'evaluation.evaluations',
        'evaluation.evaluation_score_profiles',
        'evaluation.evaluation_reviews',
        'organisation.service_requests',
        'organisation.service_request_comments',
        'organisation.service_request_history',
      ]),
    );
    expect([...tables].some((table) => table.startsWith('telemetry.api_calls_'))).toBe(true);
    expect(await rowCount('evaluation.user_experiences WHERE user_id = $1', [ids.userNumber])).toBe(1);
    const own = await client.query(`SELECT caller_kind, caller_id, remote_address FROM telemetry.api_calls WHERE url = '/persona/me'`);
    expect(own.rows).toEqual([{ caller_kind: 'persona', caller_id: ids.persona, remote_address: expect.any(String) }]);
  });

  it('erases it and answers what each service removed; calling again answers the same summary', async () => {
    const first = await erase(ids.persona).expect(200);
    contract.assertMatches('POST', `/persona/${ids.persona}/erase`, first.status, first.body);
    expect(first.body).toMatchObject({
      personaId: ids.persona,
      status: 'COMPLETE',
      requestedBy: '00000000-0000-4000-8000-000000000001',
      services: {
        profile: {
          personas: 1,
          emailChanges: 0,
          loginChallenges: 2,
          refreshTokens: 3,
          loginThrottles: 1,
          teamMemberships: 1,
          demographics: 1,
        },
        evaluation: { evaluations: 1, answers: ids.answers, scoreProfiles: 1, reviews: 2, teamMemberships: 1, experiences: 1, goals: 1 },
        organisation: { serviceRequests: 1, comments: 3, attachments: 0 },
      },
    });
    expect(first.body.services.organisation.historyEntries).toBeGreaterThanOrEqual(1);
    // Creating the persona, reading it, its team memberships and its evaluations, its sign-in and its ticket: at least 8 calls.
    expect(first.body.services.organisation.apiCalls).toBeGreaterThanOrEqual(8);
    expect(Date.parse(first.body.completedAt as string)).toBeGreaterThanOrEqual(Date.parse(first.body.requestedAt as string));

    const second = await erase(ids.persona).expect(200);
    expect(second.body).toEqual(first.body);
    await erase(ids.persona.toUpperCase()).expect(200);
  });

  it('leaves no row in any table of any schema holding its id, an address or a name', async () => {
    // The erase calls are logged too (a second later), with the id left out.
    await eventually('the erase calls are logged', async () => (await rowCount(`telemetry.api_calls WHERE url LIKE '%/erase'`, [])) === 3);
    expect(await rowCount(`telemetry.api_calls WHERE url = '/persona/:id/erase' AND params::text = '{"id":":id"}'`, [])).toBe(3);
    expect(
      await identityHits(client, [...needles(), ids.persona.toUpperCase(), encodeURIComponent(ERASED.emailAddress), OWN_CLIENT]),
    ).toEqual({});
    // Its own call stays a persona's call (counts unchanged), no longer whose nor from where.
    const own = await client.query(
      `SELECT caller_kind, caller_id, remote_address, raw_headers->>1 AS first_header FROM telemetry.api_calls WHERE url = '/persona/me'`,
    );
    expect(own.rows).toEqual([{ caller_kind: 'persona', caller_id: null, remote_address: null, first_header: '[erased]' }]);
    // Keyed by the integer user id, which no text search finds.
    expect(await rowCount('evaluation.user_experiences WHERE user_id = $1', [ids.userNumber])).toBe(0);
    expect(await rowCount('evaluation.user_goals WHERE user_id = $1', [ids.userNumber])).toBe(0);
    expect(await rowCount(`evaluation.evaluation_answers WHERE evaluation_id = $1`, [ids.evaluation])).toBe(0);
    // Its demographics went with it; another persona's stayed.
    expect(await rowCount('profile.persona_demographics WHERE persona_id = $1', [ids.persona])).toBe(0);
    expect(await rowCount('profile.persona_demographics WHERE persona_id = $1', [ids.other])).toBe(1);
    expect(await rowCount(`evaluation.evaluation_reviews WHERE evaluation_id = $1`, [ids.evaluation])).toBe(0);
  });

  it('keeps the service request for the organisation, with an anonymous requester', async () => {
    const ticket = (await request(organisation.url).get(`/admin/service-requests/${ids.ticket}`).set('authorization', admin).expect(200))
      .body as Record<string, unknown>;
    expect(ticket).toMatchObject({
      requesterId: '[erased]',
      requesterType: 'PERSONA',
      title: '[erased] cannot open the questionnaire',
      description: 'Please write to [erased]',
    });
    const comments = (
      await request(organisation.url).get(`/admin/service-requests/${ids.ticket}/comments`).set('authorization', admin).expect(200)
    ).body as Array<{ text: string; authorId: string }>;
    expect(comments.map((comment) => comment.text)).toEqual([
      'Thanks, [erased] [erased]',
      'Hello [erased], we wrote to [erased]',
      '[erased] asked twice',
    ]);
    expect(comments[0]?.authorId).toBe('[erased]');
    // The search document was rewritten: the name finds nothing, the rest of the title still does.
    const search = async (q: string) =>
      (
        (await request(organisation.url).get('/admin/service-requests').query({ q }).set('authorization', admin).expect(200)).body as {
          total: number;
        }
      ).total;
    expect(await search(ERASED.firstName)).toBe(0);
    expect(await search('questionnaire')).toBe(1);
  });

  it('teams keep working without the member; their cached aggregates are not reused', async () => {
    const profileTeam = (await request(profile.url).get(`/team/${ids.profileTeam}`).set('authorization', admin).expect(200)).body as {
      members: string[];
      managers: string[];
    };
    expect(profileTeam).toMatchObject({ members: [ids.other], managers: [] });
    const algorithmTeam = (
      await request(evaluation.url).get(`/algorithm/teams/${ids.algorithmTeam}`).set('authorization', admin).expect(200)
    ).body as { memberPersonaIds: string[] };
    expect(algorithmTeam.memberPersonaIds).toEqual([ids.other, ids.third]);
    const after = Number(
      (await client.query(`SELECT profiles_version FROM evaluation.teams WHERE id = $1`, [ids.algorithmTeam])).rows[0].profiles_version,
    );
    expect(after).toBeGreaterThan(versionBefore);
    const simulated = (
      await request(evaluation.url).post(`/algorithm/teams/${ids.algorithmTeam}/simulate`).set('authorization', admin).send({}).expect(200)
    ).body as { before: { teamSize: number } };
    expect(simulated.before.teamSize).toBe(2);
    expect(shortlistBefore.map((item) => item.persona.id).sort()).toEqual([ids.persona, ids.other, ids.third].sort());
    const shortlist = await shortlistOf(evaluation.url);
    expect(shortlist.map((item) => item.persona.id).sort()).toEqual([ids.other, ids.third].sort());
    // The running instance answers what an instance without any cache answers.
    const fresh = await startTestService('evaluation', (config) => evaluationAppModule(config), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
    try {
      expect(shortlist).toEqual(await shortlistOf(fresh.url));
    } finally {
      await fresh.close();
    }
    const scoreOf = (items: typeof shortlist, personaId: string) => items.find((item) => item.persona.id === personaId)?.workstyle.score;
    expect(scoreOf(shortlist, ids.other)).not.toBe(scoreOf(shortlistBefore, ids.other));
  });

  it('audits who erased, when and how many rows, with nothing about whom', async () => {
    const { rows } = await client.query(`SELECT * FROM profile.persona_erasures`);
    expect(rows).toEqual([
      expect.objectContaining({
        subject_hash: createHash('sha256').update(ids.persona).digest('hex'),
        requested_by: '00000000-0000-4000-8000-000000000001',
        completed_at: expect.any(Date),
        parts: ['evaluation', 'organisation'],
        pending_identity: null,
      }),
    ]);
    expect(rows[0].subject_hash).toBe(subjectHashOf(ids.persona));
    expect((await client.query(`SELECT counts FROM evaluation.persona_erasure_parts`)).rows).toEqual([
      { counts: expect.objectContaining({ evaluations: 1 }) },
    ]);
    expect((await client.query(`SELECT counts FROM organisation.persona_erasure_parts`)).rows).toEqual([
      { counts: expect.objectContaining({ serviceRequests: 1 }) },
    ]);
  });

  it('answers 404 for a persona that never existed; the persona is gone for every reader', async () => {
    const missing = await erase(randomUUID()).expect(404);
    expect(missing.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Persona not found' });
    await request(profile.url).get(`/persona/${ids.persona}`).set('authorization', admin).expect(404);
  });

  it('refuses the erased persona’s still-valid access token on every service, and stores nothing new under its id', async () => {
    const refused = { statusCode: 403, error: 'Forbidden', message: 'The persona of this token has been erased' };
    const media = await startTestService('media', (config) => mediaAppModule(config), { databaseUrl: database.url, keys: tokens.keys });
    try {
      const attempts = [
        request(profile.url).get('/persona/profile'),
        request(evaluation.url).get('/evaluation').query({ personaId: ids.persona }),
        request(organisation.url)
          .post('/hub/service-requests')
          .send({ title: `${ERASED.firstName} is back`, description: ERASED.emailAddress }),
        request(organisation.url).get('/hub/service-requests'),
        request(media.url).get('/media/0123456789abcdef01234567'),
      ];
      for (const attempt of attempts) expect((await attempt.set('authorization', personaBearer)).body).toEqual(refused);
    } finally {
      await media.close();
    }
    // Where a guard still trusts the persona, the write's own transaction refuses it.
    const late = await request(stillOrganisation.url)
      .post('/hub/service-requests')
      .set('authorization', personaBearer)
      .send({ title: `${ERASED.firstName} once more`, description: ERASED.emailAddress });
    expect(late.body).toEqual(refused);
    // Administrators cannot put its id back either.
    const named = { statusCode: 400, error: 'Bad Request' };
    expect(
      (
        await request(profile.url)
          .post('/team')
          .set('authorization', admin)
          .send({ organisation_id: 'erasure-test', teamName: 'Back', memberIds: [ids.persona] })
      ).body,
    ).toEqual({ ...named, message: 'memberIds names an erased persona' });
    expect(
      (
        await request(profile.url)
          .put(`/team/${ids.profileTeam}`)
          .set('authorization', admin)
          .send({ managers: [ids.other, ids.persona] })
      ).body,
    ).toEqual({ ...named, message: 'managers names an erased persona' });
    expect(
      (
        await request(evaluation.url)
          .post('/algorithm/teams')
          .set('authorization', admin)
          .send({ name: 'Back', memberPersonaIds: [ids.persona] })
      ).body,
    ).toEqual({ ...named, message: 'memberPersonaIds names an erased persona' });
    expect(
      (
        await request(evaluation.url)
          .put(`/algorithm/teams/${ids.algorithmTeam}`)
          .set('authorization', admin)
          .send({ memberPersonaIds: [ids.other, ids.persona.toUpperCase()] })
      ).body,
    ).toEqual({ ...named, message: 'memberPersonaIds names an erased persona' });
    expect(
      (
        await request(evaluation.url)
          .post('/evaluation')
          .set('authorization', admin)
          .send({ personaId: ids.persona, teamId: ids.algorithmTeam })
      ).status,
    ).toBe(400);
    // Nothing new under its id: an erase call again finds nothing to remove, and its summary is still the truth.
    expect(await rowCount(`organisation.service_requests WHERE requester_id = $1`, [ids.persona])).toBe(0);
    // The API-call log records every call, refused ones too, with what it named (these attempts):
    // a record of calls, not data stored for the persona (docs/adr/0067-rights-read-from-the-account.md).
    const stored = Object.keys(await identityHits(client, needles())).filter((hit) => !hit.startsWith('telemetry.api_calls_'));
    expect(stored).toEqual([]);
    const again = await erase(ids.persona).expect(200);
    expect(again.body).toMatchObject({ status: 'COMPLETE', services: { organisation: { serviceRequests: 1 } } });
  });

  it('DELETE keeps its answer and takes the persona’s sign-in rows with it', async () => {
    const address = 'deleted.persona@example.test';
    const created = await createPersona('Deletable', { emailAddress: address });
    const verifier = randomBytes(32).toString('base64url');
    await request(profile.url)
      .post('/persona/login')
      .send({ emailAddress: address, codeChallenge: s256Challenge(verifier) })
      .expect(200);
    expect(await rowCount('profile.login_challenges WHERE subject_id = $1', [created.id])).toBe(1);
    expect(await rowCount('profile.refresh_tokens WHERE subject_id = $1', [created.id])).toBe(1);
    expect(await rowCount('profile.login_throttles WHERE subject_id = $1', [created.id])).toBe(1);
    const deleted = await request(profile.url).delete(`/persona/${created.id}`).set('authorization', admin).expect(204);
    expect(deleted.text).toBe('');
    expect(await rowCount('profile.login_challenges WHERE subject_id = $1', [created.id])).toBe(0);
    expect(await rowCount('profile.refresh_tokens WHERE subject_id = $1', [created.id])).toBe(0);
    expect(await rowCount('profile.login_throttles WHERE subject_id = $1', [created.id])).toBe(0);
    await request(profile.url).delete(`/persona/${created.id}`).set('authorization', admin).expect(404);
  });
});
