import { accounts } from '@teamfit/accounts';
import { s256Challenge, TokenSigner } from '@teamfit/auth';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { freePort } from '@teamfit/gateway';
import { otpFromMail, type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { authAppModule } from '../src/auth-app.module';

const newVerifier = () => randomBytes(48).toString('base64url');

describe('account sign-in against the auth service', () => {
  const tokens = new TestTokens();
  const clock = { offsetMs: 0 };
  let database: TestDatabase;
  let smtp: SmtpListener;
  let auth: RunningTestService;
  const admin = { emailAddress: 'Admin@Example.test', firstName: 'Ada', lastName: 'Admin', isAdmin: true };
  let adminId: string;

  const insertAccount = async (values: typeof accounts.$inferInsert): Promise<string> => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const [row] = await drizzle({ client }).insert(accounts).values(values).returning({ id: accounts.id });
      return row?.id ?? '';
    } finally {
      await client.end();
    }
  };

  const countRows = async (sql: string): Promise<number> => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      return Number((await client.query<{ count: string }>(sql)).rows[0]?.count);
    } finally {
      await client.end();
    }
  };

  /** Logs in and reads the code from the e-mail the real SMTP listener received. */
  const login = async (emailAddress: string, verifier = newVerifier()) => {
    const before = smtp.messages.length;
    const response = await request(auth.url)
      .post('/login')
      .send({ emailAddress, codeChallenge: s256Challenge(verifier) });
    expect(response.status).toBe(200);
    while (smtp.messages.length === before) await new Promise((resolve) => setTimeout(resolve, 10));
    const otp = otpFromMail(await smtp.latestTo(emailAddress));
    return { loginToken: response.body.accessToken as string, refreshToken: response.body.refreshToken as string, otp, verifier };
  };

  const verify = (loginToken: string, otp: string, codeVerifier: string) =>
    request(auth.url).post('/verify').set('authorization', `Bearer ${loginToken}`).send({ otp, codeVerifier });

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpListener();
    adminId = await insertAccount(admin);
    auth = await startTestService('auth', (config) => authAppModule(config, { now: () => new Date(Date.now() + clock.offsetMs) }), {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { SMTP_URL: smtp.url },
    });
  });

  afterEach(() => {
    clock.offsetMs = 0;
  });

  afterAll(async () => {
    await auth?.close();
    await smtp?.close();
    await database?.drop();
  });

  it('e-mails a code, and verify with code and verifier signs the account in', async () => {
    const { loginToken, otp, verifier } = await login('admin@example.test');
    const [header] = loginToken.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'ES256',
      typ: 'login+jwt',
      kid: expect.any(String),
    });
    const mail = await smtp.latestTo('admin@example.test');
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');

    const response = await verify(loginToken, otp, verifier).expect(200);
    expect(response.body).toEqual({
      error: false,
      message: 'Signed in',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      account: { id: adminId, emailAddress: admin.emailAddress, firstName: 'Ada', lastName: 'Admin', isAdmin: true },
    });
    const claims = new TokenSigner({ publicKeyPem: tokens.keys.publicKeyPem, issuer: 'teamfit', audience: 'teamfit-api' }).verify(
      response.body.accessToken as string,
    );
    expect(claims).toMatchObject({ sub: adminId, kind: 'account', isAdmin: true });
    // The code is single use.
    const again = await verify(loginToken, otp, verifier).expect(400);
    expect(again.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The one-time password is invalid or has expired' });
  });

  it('stores the code only as a hash', async () => {
    const { otp } = await login('admin@example.test');
    expect(await countRows(`SELECT count(*) FROM auth.login_challenges WHERE otp_hash = '${otp}' OR otp_hash LIKE '%${otp}%'`)).toBe(0);
  });

  it('answers an unknown e-mail with 404, taking as long as a known one', async () => {
    const started = Date.now();
    const unknown = await request(auth.url)
      .post('/login')
      .send({ emailAddress: 'nobody@example.test', codeChallenge: s256Challenge(newVerifier()) })
      .expect(404);
    const unknownMs = Date.now() - started;
    expect(unknown.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'No account is registered with this e-mail address' });
    const knownStarted = Date.now();
    await login('admin@example.test');
    const knownMs = Date.now() - knownStarted;
    // Both answers wait for the same floor. Only lower bounds are asserted: a busy machine makes
    // answers slower, never faster, so the test fails when the floor goes and not under load.
    expect(unknownMs).toBeGreaterThanOrEqual(390);
    expect(knownMs).toBeGreaterThanOrEqual(390);
  });

  it('refuses a wrong code, and voids the challenge after 5 wrong tries', async () => {
    const { loginToken, otp, verifier } = await login('admin@example.test');
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await verify(loginToken, wrong, verifier).expect(400);
      expect(response.body.message).toBe('The one-time password or the code verifier is wrong');
    }
    const sixth = await verify(loginToken, otp, verifier).expect(400);
    expect(sixth.body.message).toBe('Too many wrong codes; start a new login');
  });

  it('refuses an expired code (time moved, not waited for)', async () => {
    const { loginToken, otp, verifier } = await login('admin@example.test');
    clock.offsetMs = 10 * 60 * 1000 + 1000;
    const response = await verify(loginToken, otp, verifier).expect(400);
    expect(response.body.message).toBe('The one-time password is invalid or has expired');
  });

  it('refuses a verifier that does not match the challenge, and one of bad length', async () => {
    const { loginToken, otp } = await login('admin@example.test');
    await verify(loginToken, otp, newVerifier()).expect(400);
    const short = await verify(loginToken, otp, 'x'.repeat(42)).expect(400);
    expect(short.body.message).toMatch(/^codeVerifier /);
    const long = await verify(loginToken, otp, 'x'.repeat(129)).expect(400);
    expect(long.body.message).toMatch(/^codeVerifier /);
    const badChallenge = await request(auth.url)
      .post('/login')
      .send({ emailAddress: 'admin@example.test', codeChallenge: 'short' })
      .expect(400);
    expect(badChallenge.body.message).toMatch(/^codeChallenge /);
  });

  it('a new login voids no earlier step: each code signs in with its own step only', async () => {
    const first = await login('admin@example.test');
    const second = await login('admin@example.test');
    await verify(second.loginToken, first.otp, second.verifier).expect(400);
    await verify(first.loginToken, first.otp, first.verifier).expect(200);
    await verify(second.loginToken, second.otp, second.verifier).expect(200);
  });

  it('accepts only login tokens at verify: access, expired, forged, alg none and foreign tokens are 403', async () => {
    const { otp, verifier } = await login('admin@example.test');
    const expired = new TestTokens(tokens.keys, () => Math.floor(Date.now() / 1000) - 3600).mint({
      sub: adminId,
      kind: 'login',
      emailAddress: 'x@example.test',
      challengeId: adminId,
    });
    const access = tokens.admin({ sub: adminId });
    const [header, payload] = tokens.mint({ sub: adminId, kind: 'login', emailAddress: 'x@example.test', challengeId: adminId }).split('.');
    const tampered = `${header}.${payload}.${randomBytes(64).toString('base64url')}`;
    const algNone = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'login+jwt' })).toString('base64url')}.${payload}.`;
    const foreign = new TestTokens().mint({ sub: adminId, kind: 'login', emailAddress: 'x@example.test', challengeId: adminId });
    for (const token of [access, expired, tampered, algNone, foreign]) {
      const response = await verify(token, otp, verifier).expect(403);
      expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: expect.any(String) });
    }
    await request(auth.url).post('/verify').send({ otp, codeVerifier: verifier }).expect(401);
  });

  it('gives exactly one success to two concurrent verifies with the right code', async () => {
    const { loginToken, otp, verifier } = await login('admin@example.test');
    const statuses = (
      await Promise.all([verify(loginToken, otp, verifier), verify(loginToken, otp, verifier), verify(loginToken, otp, verifier)])
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 400, 400]);
  });

  it('rotates refresh tokens, and re-use of a spent one revokes the whole family', async () => {
    const { loginToken, otp, verifier, refreshToken: fromLogin } = await login('admin@example.test');
    // The token handed out at login never works: only verify issues usable ones.
    await request(auth.url).post('/token').send({ refreshToken: fromLogin }).expect(403);
    const signedIn = await verify(loginToken, otp, verifier).expect(200);
    const first = signedIn.body.refreshToken as string;
    const rotated = await request(auth.url).post('/token').send({ refreshToken: first }).expect(200);
    expect(rotated.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const second = rotated.body.refreshToken as string;
    expect(second).not.toBe(first);
    const reuse = await request(auth.url).post('/token').send({ refreshToken: first }).expect(403);
    expect(reuse.body.message).toBe('The refresh token was already used; every session of its family is signed out');
    await request(auth.url).post('/token').send({ refreshToken: second }).expect(403);
    await request(auth.url).post('/token').send({ refreshToken: 'not-a-token' }).expect(403);
  });

  it('wrong codes never lock the account: after many, a login still gets a step whose code signs in', async () => {
    const email = 'unlucky@example.test';
    await insertAccount({ emailAddress: email, firstName: 'Un', lastName: 'Lucky' });
    for (let round = 0; round < 3; round += 1) {
      const { loginToken, otp, verifier } = await login(email);
      const wrong = otp === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 5; attempt += 1) await verify(loginToken, wrong, verifier).expect(400);
    }
    const { loginToken, otp, verifier } = await login(email);
    await verify(loginToken, otp, verifier).expect(200);
  });

  it('ten concurrent logins get ten steps; each code signs in with its own step and no other', async () => {
    const email = 'racer@example.test';
    const subjectId = await insertAccount({ emailAddress: email, firstName: 'Ra', lastName: 'Cer' });
    const before = smtp.messages.length;
    const verifiers = Array.from({ length: 10 }, newVerifier);
    const responses = await Promise.all(
      verifiers.map((verifier) =>
        request(auth.url)
          .post('/login')
          .send({ emailAddress: email, codeChallenge: s256Challenge(verifier) }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(smtp.messages.length - before).toBe(10);
    // Logins of one account run one after another under its lock: the first four fill the day's
    // six-digit budget (five tries each), the other six get long codes.
    expect(await countRows(`SELECT count(*) FROM auth.login_challenges WHERE subject_id = '${subjectId}' AND otp_kind = 'short'`)).toBe(4);
    expect(await countRows(`SELECT count(*) FROM auth.login_challenges WHERE subject_id = '${subjectId}' AND otp_kind = 'long'`)).toBe(6);
    const lastOtp = otpFromMail(await smtp.latestTo(email));
    expect(lastOtp).toMatch(/^[0-9A-Z]{4}(?:-[0-9A-Z]{4}){3}$/);
    const statuses = await Promise.all(
      responses.map((response, i) => verify(response.body.accessToken as string, lastOtp, verifiers[i] ?? '').then((r) => r.status)),
    );
    // The last code e-mailed belongs to exactly one step.
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(9);
  });

  it('logout revokes the whole family, answers 204 every time, and leaves other sessions alone', async () => {
    const signIn = async () => {
      const { loginToken, otp, verifier } = await login('admin@example.test');
      return (await verify(loginToken, otp, verifier).expect(200)).body.refreshToken as string;
    };
    const first = await signIn();
    const other = await signIn();
    const rotated = (await request(auth.url).post('/token').send({ refreshToken: first }).expect(200)).body.refreshToken as string;
    const out = await request(auth.url).post('/logout').send({ refreshToken: first }).expect(204);
    expect(out.text).toBe('');
    await request(auth.url).post('/token').send({ refreshToken: rotated }).expect(403);
    await request(auth.url).post('/logout').send({ refreshToken: rotated }).expect(204);
    await request(auth.url).post('/logout').send({ refreshToken: 'never-issued' }).expect(204);
    await request(auth.url).post('/logout').send({}).expect(400);
    await request(auth.url).post('/token').send({ refreshToken: other }).expect(200);
  });

  it('a session cannot be refreshed past 30 days after its sign-in', async () => {
    const { loginToken, otp, verifier } = await login('admin@example.test');
    const signedIn = (await verify(loginToken, otp, verifier).expect(200)).body.refreshToken as string;
    const day = 24 * 60 * 60 * 1000;
    clock.offsetMs = 29 * day;
    const late = (await request(auth.url).post('/token').send({ refreshToken: signedIn }).expect(200)).body.refreshToken as string;
    clock.offsetMs = 30 * day + 1000;
    const refused = await request(auth.url).post('/token').send({ refreshToken: late }).expect(403);
    expect(refused.body.message).toBe('The refresh token is invalid, expired or revoked');
  });

  it('refuses a blocked account', async () => {
    await insertAccount({ emailAddress: 'blocked@example.test', firstName: 'B', lastName: 'Locked', status: 'BLOCKED' });
    const response = await request(auth.url)
      .post('/login')
      .send({ emailAddress: 'blocked@example.test', codeChallenge: s256Challenge(newVerifier()) })
      .expect(403);
    expect(response.body.message).toBe('This account is blocked');
  });
});

describe('account sign-in when the mail server is down', () => {
  it('answers 503 in the platform body and leaves no challenge behind', async () => {
    const database = await createTestDatabase();
    const tokens = new TestTokens();
    const client = new Client({ connectionString: database.url });
    await client.connect();
    await client.query(`INSERT INTO organisation.accounts (email_address, first_name, last_name) VALUES ('down@example.test', 'D', 'Own')`);
    const auth = await startTestService('auth', authAppModule, {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` },
    });
    try {
      const response = await request(auth.url)
        .post('/login')
        .send({ emailAddress: 'down@example.test', codeChallenge: s256Challenge(newVerifier()) })
        .expect(503);
      expect(response.body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The e-mail service is unavailable; try again shortly',
      });
      const rows = await client.query<{ challenges: string; tokens: string }>(
        'SELECT (SELECT count(*) FROM auth.login_challenges) AS challenges, (SELECT count(*) FROM auth.refresh_tokens) AS tokens',
      );
      expect(rows.rows[0]).toEqual({ challenges: '0', tokens: '0' });
    } finally {
      await client.end();
      await auth.close();
      await database.drop();
    }
  });
});
