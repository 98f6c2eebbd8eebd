import { s256Challenge } from '@teamfit/auth';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { mailHeader, mailPartText, otpFromMail, type ReceivedMail, type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { type RunningTestService, startTestService, TEST_ADMIN_ACCOUNT, TestTokens } from '@teamfit/platform/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { profileAppModule } from '../../profile/src/profile-app.module';
import { evaluationAppModule } from '../src/evaluation-app.module';
import { seedSmallQuestionnaire } from './small-questionnaire.fixture';
import { expectEveryExplanationRecomputes } from './explanation.fixture';

const HUB = 'https://hub.teamfit.example';

interface Invitation {
  evaluationId: string;
  personaId: string;
  invitedAt: string;
  link: string;
}

/**
 * POST /evaluation/:id/invitation (docs/adr/0077-evaluation-invitations.md) with the real SMTP
 * listener and the real profile service: the e-mail and its link, re-inviting, `invitedAt` on the
 * evaluation's answers, every refusal with nothing recorded or sent, and a candidate who signs in
 * with the address from the link and reads the questionnaire.
 */
describe('evaluation invitations', () => {
  const tokens = new TestTokens();
  const clock = { offsetMs: 0 };
  let smtp: SmtpListener;
  let database: TestDatabase;
  let client: Client;
  let evaluation: RunningTestService;
  let profile: RunningTestService;
  let questions: number[];
  let teamId = 0;

  const admin = `Bearer ${tokens.admin()}`;
  const evaluationApi = () => request(evaluation.url);
  const invite = (id: string, authorization = admin) =>
    evaluationApi().post(`/evaluation/${id}/invitation`).set('authorization', authorization);
  const invitationRows = async (evaluationId: string) =>
    (
      await client.query<{ invited_by: string; invited_at: Date }>(
        'SELECT invited_by, invited_at FROM evaluation.evaluation_invitations WHERE evaluation_id = $1 ORDER BY invited_at',
        [evaluationId],
      )
    ).rows;
  const readEvaluation = async (id: string) =>
    (await evaluationApi().get(`/evaluation/${id}`).set('authorization', admin).expect(200)).body as { invitedAt: string | null };

  const createPersona = async (body: Record<string, unknown>): Promise<string> =>
    (
      await request(profile.url)
        .post('/persona')
        .set('authorization', admin)
        .send({ user_id: randomUUID(), role: 'Candidate', description: 'Invited', ...body })
        .expect(201)
    ).body.id as string;
  const createEvaluation = async (personaId: string): Promise<string> =>
    (await evaluationApi().post('/evaluation').set('authorization', admin).send({ personaId, teamId }).expect(201)).body.id as string;

  /** Mails that arrive while `action` runs. */
  const mailsDuring = async (action: () => Promise<unknown>): Promise<ReceivedMail[]> => {
    const before = smtp.messages.length;
    await action();
    return smtp.messages.slice(before);
  };

  beforeAll(async () => {
    smtp = await startSmtpListener();
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    const seeded = await seedSmallQuestionnaire(drizzle({ client }));
    questions = [seeded.q1, seeded.q2, seeded.q3];
    const env = { SMTP_URL: smtp.url, HUB_APP_ORIGIN: `${HUB}/` };
    profile = await startTestService('profile', profileAppModule, {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { ...env, PERSONA_ERASURE_WAIT_MS: '500' },
    });
    evaluation = await startTestService(
      'evaluation',
      (config) => evaluationAppModule(config, { now: () => new Date(Date.now() + clock.offsetMs) }),
      { databaseUrl: database.url, keys: tokens.keys, env },
    );
    const member = await createPersona({ description: 'Member' });
    teamId = (
      await evaluationApi()
        .post('/algorithm/teams')
        .set('authorization', admin)
        .send({ name: 'Platform', memberPersonaIds: [member] })
        .expect(201)
    ).body.id as number;
  });

  afterEach(() => {
    smtp.refusing = false;
    clock.offsetMs = 0;
  });

  afterAll(async () => {
    await evaluation?.close();
    await profile?.close();
    await client?.end();
    await database?.drop();
    await smtp?.close();
  });

  it('e-mails the persona a link to the hub without any credential, and records the invitation', async () => {
    const personaId = await createPersona({ emailAddress: 'Ada.Candidate@Example.test', user: { firstName: 'Ada' } });
    const id = await createEvaluation(personaId);
    expect((await readEvaluation(id)).invitedAt).toBeNull();

    // An empty JSON body is no body: accepted, as by every body-less POST.
    const response = await invite(id).send({}).expect(201);
    const link = `${HUB}/evaluations/${id}#email=Ada.Candidate%40Example.test`;
    expect(response.body).toEqual({ evaluationId: id, personaId, invitedAt: expect.any(String), link });

    const mail = await smtp.latestTo('ada.candidate@example.test');
    expect(mail.to).toEqual(['ada.candidate@example.test']);
    expect(mailHeader(mail, 'subject')).toBe('You are invited to a Teamfit questionnaire');
    const text = mailPartText(mail, 'text/plain');
    expect(text).toMatch(/^Hello Ada,\n/);
    expect(text.split('\n')).toContain(link);
    expect(mailPartText(mail, 'text/html')).toContain(`href="${link}"`);
    // The link: the hub's evaluation page, and in the fragment the address alone; no token anywhere.
    const url = new URL(link);
    expect([url.origin, url.pathname, url.search]).toEqual([HUB, `/evaluations/${id}`, '']);
    expect([...new URLSearchParams(url.hash.slice(1))]).toEqual([['email', 'Ada.Candidate@Example.test']]);
    const links = [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
    expect(links).toEqual([link]);
    expect(`${text}\n${mailPartText(mail, 'text/html')}`).not.toMatch(/eyJ[\w-]{10,}|sign-in code|[?&](token|code)=/i);

    // One row: who invited and when, and no e-mail address stored anywhere in it.
    const rows = await invitationRows(id);
    expect(rows).toEqual([{ invited_by: TEST_ADMIN_ACCOUNT.id, invited_at: new Date(response.body.invitedAt as string) }]);
    const columns = await client.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = 'evaluation' AND table_name = 'evaluation_invitations' ORDER BY ordinal_position",
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual(['id', 'evaluation_id', 'invited_by', 'invited_at']);

    // invitedAt on the read, the list and the resumed creation.
    const invitedAt = response.body.invitedAt as string;
    expect((await readEvaluation(id)).invitedAt).toBe(invitedAt);
    const list = await evaluationApi().get(`/evaluation?personaId=${personaId}`).set('authorization', admin).expect(200);
    expect(list.body.items).toEqual([expect.objectContaining({ id, invitedAt })]);
    const resumed = await evaluationApi().post('/evaluation').set('authorization', admin).send({ personaId, teamId }).expect(200);
    expect(resumed.body).toMatchObject({ id, resumed: true, invitedAt });
  });

  it('re-inviting sends again, records a second row and moves invitedAt', async () => {
    const personaId = await createPersona({ emailAddress: 'grace@example.test' });
    const id = await createEvaluation(personaId);
    const first = (await invite(id).expect(201)).body as Invitation;
    clock.offsetMs = 60_000;
    const mails = await mailsDuring(() => invite(id).expect(201));
    expect(mails.map((mail) => mail.to)).toEqual([['grace@example.test']]);
    const rows = await invitationRows(id);
    expect(rows).toHaveLength(2);
    const latest = rows[1]?.invited_at.toISOString();
    expect(new Date(latest ?? 0).getTime() - new Date(first.invitedAt).getTime()).toBeGreaterThanOrEqual(60_000);
    expect((await readEvaluation(id)).invitedAt).toBe(latest);
  });

  it('the candidate signs in with the address from the link and reads the questionnaire with that persona token', async () => {
    // The persona's own address is unset: it signs in with its user's, which the link carries.
    const personaId = await createPersona({ user: { firstName: 'Lin', emailAddress: 'lin.user@example.test' } });
    const id = await createEvaluation(personaId);
    const { link } = (await invite(id).expect(201)).body as Invitation;
    const emailAddress = new URLSearchParams(new URL(link).hash.slice(1)).get('email') ?? '';
    expect(emailAddress).toBe('lin.user@example.test');

    const verifier = randomBytes(48).toString('base64url');
    const mails = await mailsDuring(async () => {
      const login = await request(profile.url)
        .post('/persona/login')
        .send({ emailAddress, codeChallenge: s256Challenge(verifier) })
        .expect(200);
      const otp = otpFromMail(await smtp.latestTo(emailAddress));
      const verified = await request(profile.url)
        .post('/persona/verify')
        .set('authorization', `Bearer ${login.body.accessToken as string}`)
        .send({ otp, codeVerifier: verifier })
        .expect(200);
      expect(verified.body.persona.id).toBe(personaId);
      const rail = await evaluationApi()
        .get(`/evaluation/${id}/questions`)
        .set('authorization', `Bearer ${verified.body.accessToken as string}`)
        .expect(200);
      expect(rail.body.progress).toEqual({ answered: 0, total: questions.length });
      expect(rail.body.items[0]).toMatchObject({ status: 'current' });
    });
    expect(mails.map((mail) => mailHeader(mail, 'subject'))).toEqual([expect.stringMatching(/^Your Teamfit sign-in code: /)]);
  });

  it("a persona's erasure takes its invitations with its evaluations", async () => {
    const personaId = await createPersona({ emailAddress: 'erased@example.test' });
    const id = await createEvaluation(personaId);
    await invite(id).expect(201);
    expect(await invitationRows(id)).toHaveLength(1);
    // The organisation service does not run here: its part stays open (202); the evaluation's is done once it says so.
    const erase = () => request(profile.url).post(`/persona/${personaId}/erase`).set('authorization', admin).expect(202);
    let services = (await erase()).body.services as { evaluation: { evaluations: number } | null };
    for (let call = 0; call < 20 && !services.evaluation; call += 1) services = (await erase()).body.services as typeof services;
    expect(services.evaluation).toMatchObject({ evaluations: 1 });
    expect(await invitationRows(id)).toEqual([]);
  });

  describe('refusals: the platform error body, no e-mail, no row', () => {
    const refused = async (id: string, status: number, message: unknown, authorization = admin) => {
      const isUuid = /^[0-9a-f-]{36}$/.test(id);
      const before = isUuid ? await invitationRows(id) : [];
      const mails = await mailsDuring(async () => {
        const response = await invite(id, authorization).expect(status);
        expect(response.body).toEqual({ statusCode: status, error: expect.any(String), message });
      });
      expect(mails).toEqual([]);
      if (isUuid) expect(await invitationRows(id)).toEqual(before);
    };

    it('404 for an unknown evaluation, 400 for an id that is not one', async () => {
      await refused(randomUUID(), 404, 'Evaluation not found');
      await refused('not-a-uuid', 400, 'id must be an evaluation UUID');
    });

    it('403 for accounts without administrator rights and for persona tokens, the own persona included', async () => {
      const personaId = await createPersona({ emailAddress: 'kept.out@example.test' });
      const id = await createEvaluation(personaId);
      await refused(id, 403, expect.any(String), `Bearer ${tokens.account()}`);
      const own = tokens.mint({ sub: personaId, kind: 'persona', emailAddress: 'kept.out@example.test', personaId });
      await refused(id, 403, expect.any(String), `Bearer ${own}`);
    });

    it('409 once the evaluation is complete: nothing is left to answer', async () => {
      const personaId = await createPersona({ emailAddress: 'done@example.test' });
      const id = await createEvaluation(personaId);
      for (const questionId of questions) {
        await evaluationApi().post(`/evaluation/${id}/answer`).set('authorization', admin).send({ questionId, value: 3 }).expect(200);
      }
      await refused(id, 409, 'The evaluation is complete: nothing is left to answer');
    });

    it('409 when the persona could not sign in: no address, blocked, an address that signs in another persona, gone', async () => {
      const noAddress = await createEvaluation(await createPersona({}));
      await refused(noAddress, 409, "The persona has no e-mail address, neither its own nor its user's, to invite");

      const blocked = await createEvaluation(await createPersona({ emailAddress: 'blocked@example.test', status: 'BLOCKED' }));
      await refused(blocked, 409, 'The persona is blocked, so it could not sign in to answer');

      // Two personas of one user share its address; sign-in takes the older, so the newer cannot be invited with it.
      const user = { user_id: randomUUID(), user: { emailAddress: 'shared.user@example.test' } };
      await createPersona(user);
      const second = await createEvaluation(await createPersona(user));
      await refused(
        second,
        409,
        "The persona's sign-in address signs in another persona of its user; give this persona an e-mail address of its own",
      );

      const goneId = await createPersona({ emailAddress: 'gone@example.test' });
      const gone = await createEvaluation(goneId);
      await request(profile.url).delete(`/persona/${goneId}`).set('authorization', admin).expect(204);
      await refused(gone, 409, "The evaluation's persona no longer exists");
    });

    it('a mail server that refuses the e-mail: 502 and nothing recorded', async () => {
      const id = await createEvaluation(await createPersona({ emailAddress: 'refused@example.test' }));
      smtp.refusing = true;
      await refused(id, 502, 'The e-mail could not be sent; try again shortly');
      expect((await readEvaluation(id)).invitedAt).toBeNull();
    });

    it('a mail server that cannot be reached: 503 and nothing recorded', async () => {
      const id = await createEvaluation(await createPersona({ emailAddress: 'unreachable@example.test' }));
      // Port 1 on the loopback: nothing listens, the connection is refused at once.
      const cut = await startTestService('evaluation', evaluationAppModule, {
        databaseUrl: database.url,
        keys: tokens.keys,
        env: { SMTP_URL: 'smtp://127.0.0.1:1', HUB_APP_ORIGIN: HUB },
      });
      try {
        const response = await request(cut.url).post(`/evaluation/${id}/invitation`).set('authorization', admin).expect(503);
        expect(response.body).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The e-mail service is unavailable; try again shortly',
        });
      } finally {
        await cut.close();
      }
      expect(await invitationRows(id)).toEqual([]);
      expect((await readEvaluation(id)).invitedAt).toBeNull();
    });
  });
  it("every completed evaluation's explanation recomputes its stored result exactly (explanation.fixture.ts)", async () => {
    expect(await expectEveryExplanationRecomputes(evaluation.url, database.url, tokens.admin())).toBeGreaterThan(0);
  });
});
