import { s256Challenge, TokenSigner } from '@teamfit/auth';
import { otpFromMail, type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { expectBadRequest, TestTokens } from '@teamfit/platform/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { type ProfileHarness, queryRows, startProfile } from './profile-test-kit';

const newVerifier = () => randomBytes(48).toString('base64url');

interface Persona {
  id: string;
  role: string;
  emailAddress: string | null;
  user: { id: number; firstName: string | null; lastName: string | null; username: string | null; emailAddress: string | null };
}

describe('persona sign-in: /persona/login, /persona/verify, /persona/token', () => {
  const clock = { offsetMs: 0 };
  let smtp: SmtpListener;
  let profile: ProfileHarness;
  let signer: TokenSigner;
  const api = () => request(profile.service.url);

  const createPersona = async (body: Record<string, unknown>): Promise<Persona> =>
    (
      await api()
        .post('/persona')
        .set('Authorization', profile.admin)
        .send({ user_id: randomUUID(), role: 'Engineer', description: 'Signs in', ...body })
        .expect(201)
    ).body as Persona;

  /** Logs in and reads the code from the e-mail the real SMTP listener received. */
  const login = async (emailAddress: string, mailbox: string = emailAddress, verifier = newVerifier()) => {
    const before = smtp.messages.length;
    const response = await api()
      .post('/persona/login')
      .send({ emailAddress, codeChallenge: s256Challenge(verifier) })
      .expect(200);
    while (smtp.messages.length === before) await new Promise((resolve) => setTimeout(resolve, 10));
    const otp = otpFromMail(await smtp.latestTo(mailbox));
    return {
      loginToken: response.body.accessToken as string,
      refreshToken: response.body.refreshToken as string,
      otp,
      verifier,
      body: response.body as unknown,
    };
  };

  const verify = (loginToken: string, otp: string, codeVerifier: string) =>
    api().post('/persona/verify').set('authorization', `Bearer ${loginToken}`).send({ otp, codeVerifier });

  beforeAll(async () => {
    smtp = await startSmtpListener();
    profile = await startProfile({ env: { SMTP_URL: smtp.url }, app: { now: () => new Date(Date.now() + clock.offsetMs) } });
    signer = new TokenSigner({ publicKeyPem: profile.tokens.keys.publicKeyPem, issuer: 'teamfit', audience: 'teamfit-api' });
  });

  afterEach(() => {
    clock.offsetMs = 0;
  });

  afterAll(async () => {
    await profile?.close();
    await smtp?.close();
  });

  it('e-mails a code; verify with code and verifier answers persona tokens and the persona', async () => {
    const persona = await createPersona({
      emailAddress: 'Ada.Persona@Example.test',
      user: { firstName: 'Ada', lastName: 'Lovelace', username: 'ada', emailAddress: 'ada.user@example.test' },
    });
    const { loginToken, otp, verifier, body } = await login('ada.persona@example.test');
    expect(body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });

    // The login-step token: kind persona-login, with emailAddress and personaId (docs/profile.md, "Persona sign-in").
    const [header] = loginToken.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'ES256',
      typ: 'persona-login+jwt',
      kid: expect.any(String),
    });
    expect(signer.verify(loginToken)).toMatchObject({
      kind: 'persona-login',
      sub: persona.id,
      personaId: persona.id,
      emailAddress: 'Ada.Persona@Example.test',
    });
    const mail = await smtp.latestTo('ada.persona@example.test');
    expect(mail.raw).toContain('Subject: Your Teamfit sign-in code:');

    const response = await verify(loginToken, otp, verifier).expect(200);
    expect(response.body).toEqual({
      error: false,
      message: 'Signed in',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      persona: {
        id: persona.id,
        role: 'Engineer',
        emailAddress: 'Ada.Persona@Example.test',
        user: { id: persona.user.id, firstName: 'Ada', lastName: 'Lovelace', username: 'ada' },
      },
    });
    const accessToken = response.body.accessToken as string;
    expect(signer.verify(accessToken)).toMatchObject({
      kind: 'persona',
      sub: persona.id,
      personaId: persona.id,
      emailAddress: 'Ada.Persona@Example.test',
    });

    // The new token authenticates the persona's own calls.
    const me = await api().get('/persona/me').set('authorization', `Bearer ${accessToken}`).expect(200);
    expect((me.body as Persona).id).toBe(persona.id);
    await api().patch(`/persona/${persona.id}`).set('authorization', `Bearer ${accessToken}`).send({ profileBio: 'Signed in' }).expect(200);

    // The code is single use.
    const again = await verify(loginToken, otp, verifier).expect(400);
    expect(again.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The one-time password is invalid or has expired' });
  });

  it("signs in with the user's e-mail address when the persona has none of its own", async () => {
    const persona = await createPersona({ user: { emailAddress: 'only.user@example.test', firstName: 'Only' } });
    const { loginToken, otp, verifier } = await login('ONLY.USER@example.test', 'only.user@example.test');
    const response = await verify(loginToken, otp, verifier).expect(200);
    expect(response.body.persona).toEqual({
      id: persona.id,
      role: 'Engineer',
      emailAddress: 'only.user@example.test',
      user: { id: persona.user.id, firstName: 'Only', lastName: null, username: null },
    });
  });

  it('answers an unknown e-mail address with 404', async () => {
    const response = await api()
      .post('/persona/login')
      .send({ emailAddress: 'nobody@example.test', codeChallenge: s256Challenge(newVerifier()) })
      .expect(404);
    expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'No persona is registered with this e-mail address' });
  });

  it('stores its challenges in the profile schema, the code only as a hash', async () => {
    const persona = await createPersona({ emailAddress: 'hash@example.test' });
    const { otp } = await login('hash@example.test');
    const rows = await queryRows<{ otp_hash: string }>(
      profile.database.url,
      'SELECT otp_hash FROM profile.login_challenges WHERE subject_id = $1',
      [persona.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.otp_hash).not.toContain(otp);
    expect(await queryRows(profile.database.url, 'SELECT 1 FROM auth.login_challenges WHERE subject_id = $1', [persona.id])).toEqual([]);
  });

  it('refuses a wrong code or verifier with 400, and an expired code (time moved, not waited for)', async () => {
    await createPersona({ emailAddress: 'wrong@example.test' });
    const first = await login('wrong@example.test');
    const wrong = first.otp === '000000' ? '111111' : '000000';
    const bad = await verify(first.loginToken, wrong, first.verifier).expect(400);
    expect(bad.body.message).toBe('The one-time password or the code verifier is wrong');
    await verify(first.loginToken, first.otp, newVerifier()).expect(400);
    clock.offsetMs = 10 * 60 * 1000 + 1000;
    const expired = await verify(first.loginToken, first.otp, first.verifier).expect(400);
    expect(expired.body.message).toBe('The one-time password is invalid or has expired');
  });

  it('validates the bodies with 400 naming the field', async () => {
    expectBadRequest(
      (await api().post('/persona/login').send({ emailAddress: 'x@example.test', codeChallenge: 'short' }).expect(400)).body,
      'codeChallenge',
    );
    expectBadRequest(
      (
        await api()
          .post('/persona/login')
          .send({ codeChallenge: s256Challenge(newVerifier()) })
          .expect(400)
      ).body,
      'emailAddress',
    );
    await createPersona({ emailAddress: 'body@example.test' });
    const { loginToken, otp } = await login('body@example.test');
    expectBadRequest((await verify(loginToken, otp, 'x'.repeat(42)).expect(400)).body, 'codeVerifier');
    expectBadRequest(
      (await verify(loginToken, '12345', newVerifier()).expect(400)).body,
      'otp must be the six digits or the 16-character code from the e-mail',
    );
  });

  it('verify needs the persona login token: 401 without one and for any invalid one', async () => {
    const missing = await api().post('/persona/verify').send({ otp: '123456', codeVerifier: newVerifier() }).expect(401);
    expect(missing.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing Authorization header' });
    const persona = await createPersona({ emailAddress: 'kinds@example.test' });
    const expired = new TestTokens(profile.tokens.keys, () => Math.floor(Date.now() / 1000) - 3_600);
    const others: Array<[string, string]> = [
      [`Bearer ${profile.tokens.admin()}`, 'A account token cannot be used here'],
      [profile.persona(persona.id), 'A persona token cannot be used here'],
      [
        `Bearer ${profile.tokens.mint({ sub: persona.id, kind: 'login', emailAddress: 'kinds@example.test', challengeId: randomUUID() })}`,
        'A login token cannot be used here',
      ],
      [
        `Bearer ${expired.mint({ sub: persona.id, kind: 'persona-login', emailAddress: 'kinds@example.test', personaId: persona.id, challengeId: randomUUID() })}`,
        'Invalid or expired token',
      ],
      [
        `Bearer ${new TestTokens().mint({ sub: persona.id, kind: 'persona-login', emailAddress: 'kinds@example.test', personaId: persona.id, challengeId: randomUUID() })}`,
        'Invalid or expired token',
      ],
      ['Bearer not-a-token', 'Invalid or expired token'],
      ['Basic dXNlcjpwYXNz', 'Authorization header must be "Bearer <token>"'],
    ];
    for (const [authorization, message] of others) {
      const refused = await api()
        .post('/persona/verify')
        .set('authorization', authorization)
        .send({ otp: '123456', codeVerifier: newVerifier() })
        .expect(401);
      expect(refused.body).toEqual({ statusCode: 401, error: 'Unauthorized', message });
    }
  });

  it('the login token is good only for verify', async () => {
    const persona = await createPersona({ emailAddress: 'only-verify@example.test' });
    const { loginToken } = await login('only-verify@example.test');
    const response = await api().get(`/persona/${persona.id}`).set('authorization', `Bearer ${loginToken}`).expect(403);
    expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'A persona-login token cannot be used here' });
  });

  it('answers 404 at verify when the persona was deleted after its login', async () => {
    const persona = await createPersona({ emailAddress: 'vanishing@example.test' });
    const { loginToken, otp, verifier } = await login('vanishing@example.test');
    await api().delete(`/persona/${persona.id}`).set('Authorization', profile.admin).expect(204);
    const response = await verify(loginToken, otp, verifier).expect(404);
    expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Persona not found' });
  });

  it('refuses a blocked persona with 403, sending no e-mail', async () => {
    const persona = await createPersona({ emailAddress: 'blocked@example.test' });
    await api().put(`/persona/${persona.id}/access`).set('Authorization', profile.admin).send({ status: 'BLOCKED' }).expect(200);
    const before = smtp.messages.length;
    const response = await api()
      .post('/persona/login')
      .send({ emailAddress: 'blocked@example.test', codeChallenge: s256Challenge(newVerifier()) })
      .expect(403);
    expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'This persona is blocked' });
    expect(smtp.messages.length).toBe(before);
  });

  it('POST /persona/token rotates the refresh token; re-use of a spent one is 403', async () => {
    const persona = await createPersona({ emailAddress: 'refresh@example.test' });
    const { loginToken, otp, verifier, refreshToken: loginRefresh } = await login('refresh@example.test');
    // The refresh token of the login answer never works (it travelled before the code was proven).
    await api().post('/persona/token').send({ refreshToken: loginRefresh }).expect(403);
    const verified = await verify(loginToken, otp, verifier).expect(200);
    const refreshed = await api()
      .post('/persona/token')
      .send({ refreshToken: verified.body.refreshToken as string })
      .expect(200);
    expect(refreshed.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(signer.verify(refreshed.body.accessToken as string)).toMatchObject({ kind: 'persona', personaId: persona.id });
    await api()
      .post('/persona/token')
      .send({ refreshToken: verified.body.refreshToken as string })
      .expect(403);
    // Re-use revoked the family: the newest token is spent too.
    await api()
      .post('/persona/token')
      .send({ refreshToken: refreshed.body.refreshToken as string })
      .expect(403);
  });

  it('concurrent logins each get a step of their own; six-digit codes only while the guess budget has room', async () => {
    const persona = await createPersona({ emailAddress: 'racer.persona@example.test' });
    const verifiers = Array.from({ length: 6 }, newVerifier);
    const logins = await Promise.all(
      verifiers.map((verifier) =>
        api()
          .post('/persona/login')
          .send({ emailAddress: 'racer.persona@example.test', codeChallenge: s256Challenge(verifier) }),
      ),
    );
    expect(logins.map((response) => response.status)).toEqual(Array(6).fill(200));
    // Logins of one persona run one after another: four steps fill the day's six-digit budget
    // (five tries each), the other two get long codes; none voids another.
    const kinds = await queryRows<{ otp_kind: string; count: string }>(
      profile.database.url,
      'SELECT otp_kind, count(*) FROM profile.login_challenges WHERE subject_id = $1 AND consumed_at IS NULL AND superseded_at IS NULL GROUP BY otp_kind ORDER BY otp_kind',
      [persona.id],
    );
    expect(kinds).toEqual([
      { otp_kind: 'long', count: '2' },
      { otp_kind: 'short', count: '4' },
    ]);

    // Wrong codes spend their own step only: a later step of the persona still signs in.
    const wrongFor = (otp: string) => (otp === '000000' ? '111111' : '000000');
    const guessed = await login('racer.persona@example.test');
    for (let attempt = 0; attempt < 5; attempt += 1) await verify(guessed.loginToken, wrongFor(guessed.otp), guessed.verifier).expect(400);
    const spent = await verify(guessed.loginToken, guessed.otp, guessed.verifier).expect(400);
    expect(spent.body.message).toBe('Too many wrong codes; start a new login');
    const own = await login('racer.persona@example.test');
    await verify(own.loginToken, own.otp, own.verifier).expect(200);
  });

  it('POST /persona/logout revokes the family with 204, and repeating it is 204 too', async () => {
    await createPersona({ emailAddress: 'leaving@example.test' });
    const { loginToken, otp, verifier } = await login('leaving@example.test');
    const signedIn = (await verify(loginToken, otp, verifier).expect(200)).body.refreshToken as string;
    const rotated = (await api().post('/persona/token').send({ refreshToken: signedIn }).expect(200)).body.refreshToken as string;
    await api().post('/persona/logout').send({ refreshToken: signedIn }).expect(204);
    await api().post('/persona/token').send({ refreshToken: rotated }).expect(403);
    await api().post('/persona/logout').send({ refreshToken: rotated }).expect(204);
  });
});
