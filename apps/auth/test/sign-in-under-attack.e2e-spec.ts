import { accounts } from '@teamfit/accounts';
import { GUESS_WINDOW_MS, OTP_MAX_ATTEMPTS, s256Challenge, SHORT_GUESSES_PER_DAY } from '@teamfit/auth';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { otpFromMail, type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { PersonaFactory } from '../../profile/test/persona.fixture';
import { profileAppModule } from '../../profile/src/profile-app.module';
import { authAppModule } from '../src/auth-app.module';

const ROOT = path.resolve(__dirname, '../../..');
const SIX_DIGITS = /^\d{6}$/;
const LONG_CODE = /^[0-9A-Z]{4}(?:-[0-9A-Z]{4}){3}$/;
const newVerifier = () => randomBytes(48).toString('base64url');
/** A wrong code for a step whose code is `otp`: six digits, as someone guessing would type. */
const wrongFor = (otp: string) => (otp === '000000' ? '111111' : '000000');

/**
 * Docs/adr/0065-sign-in-no-third-party-can-break.md, through the real nginx: someone else's logins
 * and wrong codes for an address neither void its owner's code nor stop the owner's own sign-in,
 * and wrong six-digit codes checked for one subject stay within the daily budget however many
 * client addresses send them. The gateway limits each client address (5 a minute, burst 10), so
 * every client here calls from a loopback address of its own and stays within its burst.
 */
describe.each([
  { flow: 'accounts', prefix: '/auth', table: 'auth.login_challenges' },
  { flow: 'personas', prefix: '/profile/persona', table: 'profile.login_challenges' },
])('sign-in of $flow under attack, through the gateway', ({ flow, prefix, table }) => {
  const tokens = new TestTokens();
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  let database: TestDatabase;
  let smtp: SmtpListener;
  let service: RunningTestService;
  let gateway: TestGateway;
  let nextSource = 1;
  /** A client of its own: a loopback source address no other client here uses. */
  const newClient = () => new http.Agent({ localAddress: `127.0.${flow === 'accounts' ? 1 : 2}.${String(nextSource++)}` });

  /** Registers someone who signs in with this address: an account, or a persona. */
  const register = async (emailAddress: string): Promise<string> => {
    const connection = openTestDatabase(database.url);
    try {
      if (flow === 'personas') return (await new PersonaFactory(connection.db).create({ emailAddress })).id;
      const [row] = await connection.db
        .insert(accounts)
        .values({ emailAddress, firstName: 'Vic', lastName: 'Tim' })
        .returning({ id: accounts.id });
      return row?.id ?? '';
    } finally {
      await connection.close();
    }
  };

  /** Wrong codes checked against six-digit codes for the subject, as stored. */
  const shortGuessesChecked = async (subjectId: string): Promise<number> => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ sum: string | null }>(
        `SELECT sum(attempts) AS sum FROM ${table} WHERE subject_id = $1 AND otp_kind = 'short'`,
        [subjectId],
      );
      return Number(rows[0]?.sum ?? 0);
    } finally {
      await client.end();
    }
  };

  /** A login step from `client`, with the code e-mailed for it. */
  const login = async (client: http.Agent, emailAddress: string) => {
    const verifier = newVerifier();
    const before = smtp.messages.length;
    const response = await request(gateway.url)
      .post(`${prefix}/login`)
      .agent(client)
      .send({ emailAddress, codeChallenge: s256Challenge(verifier) });
    expect(response.status).toBe(200);
    while (smtp.messages.length === before) await new Promise((resolve) => setTimeout(resolve, 10));
    return { loginToken: response.body.accessToken as string, otp: otpFromMail(await smtp.latestTo(emailAddress)), verifier };
  };

  const verify = (client: http.Agent, step: { loginToken: string; verifier: string }, otp: string) =>
    request(gateway.url)
      .post(`${prefix}/verify`)
      .agent(client)
      .set('authorization', `Bearer ${step.loginToken}`)
      .send({ otp, codeVerifier: step.verifier });

  /** One attacking client: a login for the address, then wrong codes until the step is spent. */
  const attack = async (emailAddress: string) => {
    const client = newClient();
    const step = await login(client, emailAddress);
    for (let attempt = 0; attempt < OTP_MAX_ATTEMPTS; attempt += 1) {
      const refused = await verify(client, step, wrongFor(step.otp)).expect(400);
      expect(refused.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'The one-time password or the code verifier is wrong',
      });
    }
    return { client, step };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpListener();
    const options = { databaseUrl: database.url, keys: tokens.keys, env: { SMTP_URL: smtp.url } };
    service =
      flow === 'accounts'
        ? await startTestService('auth', (config) => authAppModule(config, { now }), options)
        : await startTestService('profile', (config) => profileAppModule(config, { now }), options);
    gateway = await startTestGateway(ROOT, flow === 'accounts' ? { auth: service.port } : { profile: service.port });
  });

  afterEach(() => {
    clock.offsetMs = 0;
  });

  afterAll(async () => {
    await gateway?.stop();
    await service?.close();
    await smtp?.close();
    await database?.drop();
  });

  it("another client's logins and wrong codes neither void the owner's live code nor stop the owner's own sign-in", async () => {
    const victim = `victim.${flow}@example.test`;
    await register(victim);
    const owner = newClient();
    const own = await login(owner, victim);
    expect(own.otp).toMatch(SIX_DIGITS);

    // Eight other clients: a login each for the owner's address and wrong codes until their steps are spent.
    for (let client = 0; client < 8; client += 1) await attack(victim);

    // The owner's code, e-mailed before all that, still signs the owner in.
    await verify(owner, own, own.otp).expect(200);
    // So does a new login of the owner's own.
    const again = await login(owner, victim);
    await verify(owner, again, again.otp).expect(200);
  });

  it('checks at most the daily budget of wrong six-digit codes for a subject, however many clients guess, and a few per step', async () => {
    const target = `target.${flow}@example.test`;
    const subjectId = await register(target);
    const codes: string[] = [];
    let lastStep: Awaited<ReturnType<typeof attack>> | undefined;
    for (let client = 0; client < 10; client += 1) {
      lastStep = await attack(target);
      codes.push(lastStep.step.otp);
    }
    // Fifty wrong codes from ten clients: only the steps the budget had room for had six-digit
    // codes, so at most the budget of them was checked against a guessable code.
    expect(codes.filter((code) => SIX_DIGITS.test(code))).toHaveLength(SHORT_GUESSES_PER_DAY / OTP_MAX_ATTEMPTS);
    expect(codes.filter((code) => LONG_CODE.test(code))).toHaveLength(10 - SHORT_GUESSES_PER_DAY / OTP_MAX_ATTEMPTS);
    expect(await shortGuessesChecked(subjectId)).toBe(SHORT_GUESSES_PER_DAY);

    // A step takes no more than its few tries: past them even its right code is refused.
    if (!lastStep) throw new Error('no attack ran');
    const spent = await verify(lastStep.client, lastStep.step, lastStep.step.otp).expect(400);
    expect(spent.body.message).toBe('Too many wrong codes; start a new login');

    // The owner is not refused meanwhile: a login of the owner's own gets a long code, which
    // signs in however it is typed.
    const owner = newClient();
    const sameDay = await login(owner, target);
    expect(sameDay.otp).toMatch(LONG_CODE);
    await verify(owner, sameDay, sameDay.otp.toLowerCase().replace(/-/g, ' ')).expect(200);

    // A day (and a code's lifetime) later the budget is free again: six digits, and the owner signs in.
    clock.offsetMs = GUESS_WINDOW_MS + 60_000;
    const nextDay = await login(owner, target);
    expect(nextDay.otp).toMatch(SIX_DIGITS);
    await verify(owner, nextDay, nextDay.otp).expect(200);
  });
});
