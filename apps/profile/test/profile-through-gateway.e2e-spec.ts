import { s256Challenge } from '@teamfit/auth';
import { OBJECT_ID } from '@teamfit/common';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { otpFromMail, type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { ISO_TIMESTAMP, UUID } from '@teamfit/platform/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import request from 'supertest';
import { type ProfileHarness, startProfile } from './profile-test-kit';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * One request per documented status of each profile operation (the OpenAPI document), through the real nginx gateway (prefix /profile
 * stripped). The gateway allows /profile 10 requests a second with a burst of 20 per address, so
 * each block starts its own gateway; setup goes to the service directly.
 */
describe('profile service through the gateway', () => {
  let smtp: SmtpListener;
  let profile: ProfileHarness;
  let gateway: TestGateway;
  const viaGateway = () => request(gateway.url);
  const direct = () => request(profile.service.url);

  beforeAll(async () => {
    smtp = await startSmtpListener();
    profile = await startProfile({ env: { SMTP_URL: smtp.url } });
  });

  beforeEach(async () => {
    gateway = await startTestGateway(ROOT, { profile: profile.service.port });
  });

  afterEach(async () => {
    await gateway?.stop();
  });

  afterAll(async () => {
    await profile?.close();
    await smtp?.close();
  });

  it('4.2 teammates: list, create, get, update, delete, me', async () => {
    const { admin, member } = profile;
    const created = await viaGateway()
      .post('/profile/teammate')
      .set('authorization', admin)
      .send({ firstName: 'Gate', lastName: 'Way', emailAddress: 'gate.way@example.test' })
      .expect(201);
    expect(created.body).toEqual({
      _id: expect.stringMatching(OBJECT_ID),
      firstName: 'Gate',
      lastName: 'Way',
      emailAddress: 'gate.way@example.test',
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    const id = created.body._id as string;
    expect((await viaGateway().get('/profile/teammate').set('authorization', member).expect(200)).body).toEqual([created.body]);
    expect((await viaGateway().get(`/profile/teammate/${id}`).set('authorization', member).expect(200)).body).toEqual(created.body);
    const updated = await viaGateway().put(`/profile/teammate/${id}`).set('authorization', admin).send({ lastName: 'Keeper' }).expect(200);
    expect(updated.body).toMatchObject({ _id: id, lastName: 'Keeper' });
    const me = await viaGateway()
      .get('/profile/me')
      .set('authorization', `Bearer ${profile.tokens.account({ emailAddress: 'gate.way@example.test' })}`)
      .expect(200);
    expect(me.body).toEqual(updated.body);
    expect((await viaGateway().delete(`/profile/teammate/${id}`).set('authorization', admin).expect(200)).body).toEqual({
      message: 'Teammate deleted',
    });
  });

  it('4.3 and 4.4 persona sign-in and personas', async () => {
    const { admin, member } = profile;
    // 4.4 POST /profile/persona
    const created = await viaGateway()
      .post('/profile/persona')
      .set('authorization', admin)
      .send({ user_id: randomUUID(), role: 'Gateway tester', description: 'Through nginx', emailAddress: 'persona.gate@example.test' })
      .expect(201);
    expect(created.body).toMatchObject({ id: expect.stringMatching(UUID), status: 'PENDING', roles: [], user: { id: expect.any(Number) } });
    const id = created.body.id as string;

    // 4.3 POST /profile/persona/login, POST /profile/persona/verify
    const verifier = randomBytes(32).toString('base64url');
    const login = await viaGateway()
      .post('/profile/persona/login')
      .send({ emailAddress: 'persona.gate@example.test', codeChallenge: s256Challenge(verifier) })
      .expect(200);
    const otp = otpFromMail(await smtp.latestTo('persona.gate@example.test'));
    const verified = await viaGateway()
      .post('/profile/persona/verify')
      .set('authorization', `Bearer ${login.body.accessToken as string}`)
      .send({ otp, codeVerifier: verifier })
      .expect(200);
    expect(verified.body).toMatchObject({ error: false, persona: { id, emailAddress: 'persona.gate@example.test' } });
    const persona = `Bearer ${verified.body.accessToken as string}`;

    // 4.4, one request per row
    expect((await viaGateway().get('/profile/persona/me').set('authorization', persona).expect(200)).body).toMatchObject({ id });
    expect((await viaGateway().get('/profile/persona/profile').set('authorization', persona).expect(200)).body).toMatchObject({
      id,
      roles: [],
      status: 'PENDING',
    });
    const status = await viaGateway().get('/profile/persona/status').set('authorization', persona).expect(200);
    expect(status.body).toMatchObject({ personaId: id, completeness: 11, isComplete: false });
    const list = await viaGateway().get('/profile/persona?page=1&limit=5&role=gateway').set('authorization', member).expect(200);
    expect(list.body).toEqual({ personas: [expect.objectContaining({ id })], total: 1, page: 1, limit: 5, totalPages: 1 });
    expect((await viaGateway().get(`/profile/persona/${id}`).set('authorization', member).expect(200)).body).toMatchObject({ id });
    const put = await viaGateway()
      .put(`/profile/persona/${id}`)
      .set('authorization', admin)
      .send({ user: { firstName: 'Gate' }, role: 'Gatekeeper' })
      .expect(200);
    expect(put.body).toMatchObject({ role: 'Gatekeeper', user: { firstName: 'Gate' } });
    const patch = await viaGateway()
      .patch(`/profile/persona/${id}`)
      .set('authorization', persona)
      .send({ profileBio: 'Behind nginx' })
      .expect(200);
    expect(patch.body).toMatchObject({ role: 'Gatekeeper', profileBio: 'Behind nginx' });
    const removed = await viaGateway().delete(`/profile/persona/${id}`).set('authorization', admin).expect(204);
    expect(removed.text).toBe('');
    await direct().get(`/persona/${id}`).set('authorization', member).expect(404);
  });

  it('4.5 teams: list, create, get, update, delete', async () => {
    const { admin, member } = profile;
    const created = await viaGateway()
      .post('/profile/team')
      .set('authorization', admin)
      .send({ organisation_id: 'org-gateway', teamName: 'Gatekeepers', memberIds: ['m1'] })
      .expect(201);
    expect(created.body).toMatchObject({ _id: expect.stringMatching(OBJECT_ID), teamName: 'Gatekeepers', managers: [], memberIds: ['m1'] });
    const id = created.body._id as string;
    const listed = await viaGateway().get('/profile/team').set('authorization', member).expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ _id: id, name: 'Gatekeepers', members: ['m1'] })]);
    expect((await viaGateway().get(`/profile/team/${id}`).set('authorization', member).expect(200)).body).toMatchObject({
      _id: id,
      name: 'Gatekeepers',
      description: null,
    });
    const duplicate = await viaGateway()
      .post('/profile/team')
      .set('authorization', admin)
      .send({ organisation_id: 'org-gateway', teamName: 'GATEKEEPERS' })
      .expect(409);
    expect(duplicate.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'A team with this name already exists in the organisation',
    });
    const updated = await viaGateway()
      .put(`/profile/team/${id}`)
      .set('authorization', admin)
      .send({ teamDescription: 'Guards' })
      .expect(200);
    expect(updated.body).toMatchObject({ _id: id, teamDescription: 'Guards' });
    expect((await viaGateway().delete(`/profile/team/${id}`).set('authorization', admin).expect(200)).body).toEqual({
      message: 'Team deleted',
    });
  });

  it('answers errors in the platform body: 401 without a token, 403 for a non-administrator, 404 unknown', async () => {
    const missing = await viaGateway().get('/profile/teammate').expect(401);
    expect(missing.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing Authorization header' });
    const forbidden = await viaGateway().delete(`/profile/persona/${randomUUID()}`).set('authorization', profile.member).expect(403);
    expect(forbidden.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Administrator rights are required' });
    const unknown = await viaGateway()
      .post('/profile/persona/login')
      .send({ emailAddress: 'nobody@example.test', codeChallenge: s256Challenge(randomBytes(32).toString('base64url')) })
      .expect(404);
    expect(unknown.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'No persona is registered with this e-mail address' });
    expect((await viaGateway().get('/profile/health').expect(200)).body).toMatchObject({ status: 'ok' });
  });

  it("persona login, verify and token spend /auth's budget (burst 10), not /profile's", async () => {
    const attempt = () =>
      viaGateway()
        .post('/profile/persona/login')
        .send({ emailAddress: 'nobody@example.test', codeChallenge: s256Challenge(randomBytes(32).toString('base64url')) });
    const answers = await Promise.all(Array.from({ length: 14 }, attempt));
    const limited = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 404).length).toBeLessThanOrEqual(11);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    expect(limited[0]?.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: expect.any(String) });
    await viaGateway().post('/profile/persona/verify').send({}).expect(429);
    // The rest of /profile keeps its own budget.
    await viaGateway().get('/profile/persona/me').set('authorization', profile.member).expect(400);
  });
});
