import { s256Challenge } from '@teamfit/auth';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { otpFromMail, type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import request from 'supertest';
import { organisationAppModule } from '../../organisation/src/organisation-app.module';
import { authAppModule } from '../src/auth-app.module';

const ROOT = path.resolve(__dirname, '../../..');
const ADMIN_EMAIL = 'root@teamfit.test';

// Few logins here: the gateway allows /auth 5 requests a minute with a burst of 10.
describe('signing in as ADMIN_EMAIL through the gateway', () => {
  const tokens = new TestTokens();
  let database: TestDatabase;
  let smtp: SmtpListener;
  let auth: RunningTestService;
  let organisation: RunningTestService;
  let gateway: TestGateway;

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpListener();
    const options = { databaseUrl: database.url, keys: tokens.keys, env: { SMTP_URL: smtp.url, ADMIN_EMAIL } };
    // The organisation service ensures the administrator account when it starts.
    organisation = await startTestService('organisation', organisationAppModule, options);
    auth = await startTestService('auth', authAppModule, options);
    gateway = await startTestGateway(ROOT, { auth: auth.port, organisation: organisation.port });
  });

  afterAll(async () => {
    await gateway?.stop();
    await auth?.close();
    await organisation?.close();
    await smtp?.close();
    await database?.drop();
  });

  it('reads the code from the e-mail, verifies, and calls an administrator endpoint with the token', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const login = await request(gateway.url)
      .post('/auth/login')
      .send({ emailAddress: ADMIN_EMAIL, codeChallenge: s256Challenge(verifier) })
      .expect(200);
    const loginToken = login.body.accessToken as string;

    // A login token is good only for verify.
    const early = await request(gateway.url).get('/organisation/account').set('authorization', `Bearer ${loginToken}`).expect(403);
    expect(early.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'A login token cannot be used here' });

    const otp = otpFromMail(await smtp.latestTo(ADMIN_EMAIL));
    const verified = await request(gateway.url)
      .post('/auth/verify')
      .set('authorization', `Bearer ${loginToken}`)
      .send({ otp, codeVerifier: verifier })
      .expect(200);
    const accessToken = verified.body.accessToken as string;
    expect(verified.body.account).toMatchObject({ emailAddress: ADMIN_EMAIL, isAdmin: true });

    const created = await request(gateway.url)
      .post('/organisation/account')
      .set('authorization', `Bearer ${accessToken}`)
      .send({ emailAddress: 'colleague@teamfit.test', firstName: 'Grace', lastName: 'Hopper' })
      .expect(201);
    expect(created.body).toMatchObject({ emailAddress: 'colleague@teamfit.test', isAdmin: false, status: 'ACTIVE' });

    const refreshed = await request(gateway.url)
      .post('/auth/token')
      .send({ refreshToken: verified.body.refreshToken as string })
      .expect(200);
    await request(gateway.url)
      .get('/organisation/account')
      .set('authorization', `Bearer ${refreshed.body.accessToken as string}`)
      .expect(200);
  });
});
