import { expectBadRequest, ISO_TIMESTAMP, UNKNOWN_UUID } from '@teamfit/platform/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type Persona, type ProfileHarness, startProfile } from './profile-test-kit';

describe('profile service: persona roles and status, own persona, access rules', () => {
  let profile: ProfileHarness;
  const api = () => request(profile.service.url);
  const create = async (body: Record<string, unknown> = {}): Promise<Persona> =>
    (
      await api()
        .post('/persona')
        .set('Authorization', profile.admin)
        .send({ user_id: randomUUID(), role: 'Engineer', description: 'A persona', ...body })
        .expect(201)
    ).body as Persona;
  const read = async (id: string): Promise<Persona> =>
    (await api().get(`/persona/${id}`).set('Authorization', profile.member).expect(200)).body as Persona;

  beforeAll(async () => {
    profile = await startProfile();
  });

  afterAll(async () => {
    await profile?.close();
  });

  describe('PUT /persona/:id/access (administrators)', () => {
    it('sets roles and status, each only when given', async () => {
      const persona = await create();
      const both = await api()
        .put(`/persona/${persona.id}/access`)
        .set('Authorization', profile.admin)
        .send({ roles: ['EMPLOYEE', 'TEAM_MANAGER'], status: 'ACTIVE' })
        .expect(200);
      expect(both.body).toEqual({
        ...persona,
        roles: ['EMPLOYEE', 'TEAM_MANAGER'],
        status: 'ACTIVE',
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      const statusOnly = await api()
        .put(`/persona/${persona.id}/access`)
        .set('Authorization', profile.admin)
        .send({ status: 'BLOCKED' })
        .expect(200);
      expect(statusOnly.body).toMatchObject({ roles: ['EMPLOYEE', 'TEAM_MANAGER'], status: 'BLOCKED' });
      const candidate = await api()
        .put(`/persona/${persona.id}/access`)
        .set('Authorization', profile.admin)
        .send({ roles: ['CANDIDATE'] })
        .expect(200);
      expect(candidate.body).toMatchObject({ roles: ['CANDIDATE'], status: 'BLOCKED', isCandidate: true });
    });

    it('rejects unknown or repeated roles, an unknown status and other fields with 400', async () => {
      const persona = await create();
      const put = (body: Record<string, unknown>) =>
        api().put(`/persona/${persona.id}/access`).set('Authorization', profile.admin).send(body).expect(400);
      expectBadRequest((await put({ roles: ['OWNER'] })).body, 'roles');
      expectBadRequest((await put({ roles: ['HR', 'HR'] })).body, 'roles');
      expectBadRequest((await put({ roles: 'HR' })).body, 'roles must be an array');
      expectBadRequest((await put({ status: 'GONE' })).body, 'status must be one of');
      expectBadRequest((await put({ role: 'x' })).body, 'property role should not exist');
      expect(await read(persona.id)).toEqual(persona);
    });

    it('is for administrators only: 403 for other accounts and for personas, even their own', async () => {
      const persona = await create();
      for (const token of [profile.member, profile.persona(persona.id)]) {
        await api().put(`/persona/${persona.id}/access`).set('Authorization', token).send({ status: 'ACTIVE' }).expect(403);
      }
      expect(await read(persona.id)).toEqual(persona);
    });

    it('answers 404 for an unknown id', async () => {
      await api().put(`/persona/${UNKNOWN_UUID}/access`).set('Authorization', profile.admin).send({ status: 'ACTIVE' }).expect(404);
    });
  });

  describe('DELETE /persona/:id', () => {
    it('answers 204 without a body, after which the persona is 404', async () => {
      const persona = await create();
      const response = await api().delete(`/persona/${persona.id}`).set('Authorization', profile.admin).expect(204);
      expect(response.text).toBe('');
      await api().get(`/persona/${persona.id}`).set('Authorization', profile.member).expect(404);
      const again = await api().delete(`/persona/${persona.id}`).set('Authorization', profile.admin).expect(404);
      expect(again.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Persona not found' });
    });
  });

  describe("the token's own persona: /persona/me, /persona/profile, /persona/status", () => {
    it('answer the persona of the personaId claim, not captured by /persona/:id', async () => {
      const persona = await create({ roles: ['EMPLOYEE'], status: 'ACTIVE', emailAddress: 'me@example.test' });
      const token = profile.persona(persona.id, 'me@example.test');
      expect((await api().get('/persona/me').set('Authorization', token).expect(200)).body).toEqual(persona);
      expect((await api().get('/persona/profile').set('Authorization', token).expect(200)).body).toEqual(persona);
      expect((await api().get(`/persona/${persona.id}`).set('Authorization', token).expect(200)).body).toEqual(persona);
    });

    it('answer 400 when the token has no personaId claim (an account token)', async () => {
      for (const path of ['/persona/me', '/persona/profile', '/persona/status']) {
        const response = await api().get(path).set('Authorization', profile.admin).expect(400);
        expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The token carries no personaId claim' });
      }
    });

    it('answer 404 when the persona is gone', async () => {
      const persona = await create();
      const token = profile.persona(persona.id);
      await api().delete(`/persona/${persona.id}`).set('Authorization', profile.admin).expect(204);
      for (const path of ['/persona/me', '/persona/profile', '/persona/status']) {
        const response = await api().get(path).set('Authorization', token).expect(404);
        expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Persona not found' });
      }
    });

    it('status counts the nine fields as an integer percent', async () => {
      const persona = await create({ emailAddress: 'status@example.test', linkedinProfileUrl: 'https://www.linkedin.com/in/status' });
      const token = profile.persona(persona.id, 'status@example.test');
      const status = async () => (await api().get('/persona/status').set('Authorization', token).expect(200)).body as unknown;
      expect(await status()).toEqual({
        personaId: persona.id,
        completeness: 22,
        isComplete: false,
        fields: {
          firstName: false,
          lastName: false,
          emailAddress: true,
          profileBio: false,
          contactNumber: false,
          linkedinProfile: true,
          portfolioURL: false,
          xHandler: false,
          resumeContent: false,
        },
      });
      await api()
        .patch(`/persona/${persona.id}`)
        .set('Authorization', token)
        .send({
          user: { firstName: 'Sta', lastName: 'Tus' },
          profileBio: 'b',
          contactNumber: '1',
          portfolioURL: 'https://p.example.test',
          xHandler: '@s',
        })
        .expect(200);
      expect(await status()).toMatchObject({ completeness: 89, isComplete: false, fields: { resumeContent: false, firstName: true } });
      await api().patch(`/persona/${persona.id}`).set('Authorization', token).send({ resumeContent: 'CV' }).expect(200);
      expect(await status()).toMatchObject({ personaId: persona.id, completeness: 100, isComplete: true });
    });
  });

  describe('access', () => {
    it('lets a non-administrator account read, but not write (403)', async () => {
      const persona = await create();
      await api().get(`/persona/${persona.id}`).set('Authorization', profile.member).expect(200);
      await api().get('/persona').set('Authorization', profile.member).expect(200);
      const attempts = [
        api().post('/persona').set('Authorization', profile.member).send({ user_id: randomUUID(), role: 'R', description: 'D' }),
        api().put(`/persona/${persona.id}`).set('Authorization', profile.member).send({ role: 'Changed' }),
        api().delete(`/persona/${persona.id}`).set('Authorization', profile.member),
      ];
      for (const attempt of attempts) {
        const response = await attempt.expect(403);
        expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Administrator rights are required' });
      }
      expect(await read(persona.id)).toEqual(persona);
    });

    it("lets a persona read only its own persona: another's is 403, the list is 403, writes other than PATCH are 403", async () => {
      const own = await create();
      const other = await create();
      const token = profile.persona(own.id);
      const refused = await api().get(`/persona/${other.id}`).set('Authorization', token).expect(403);
      expect(refused.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'A persona may read only its own persona' });
      await api().get(`/persona/${UNKNOWN_UUID}`).set('Authorization', token).expect(403);
      const listed = await api().get('/persona').set('Authorization', token).expect(403);
      expect(listed.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'A persona token cannot be used here' });
      await api().post('/persona').set('Authorization', token).send({ user_id: randomUUID(), role: 'R', description: 'D' }).expect(403);
      await api().put(`/persona/${own.id}`).set('Authorization', token).send({ role: 'Self-promoted' }).expect(403);
      await api().delete(`/persona/${own.id}`).set('Authorization', token).expect(403);
      expect(await read(own.id)).toEqual(own);
    });

    it('refuses a persona login token with 403', async () => {
      const persona = await create();
      const loginToken = profile.tokens.mint({
        sub: persona.id,
        kind: 'persona-login',
        emailAddress: 'x@example.test',
        personaId: persona.id,
        challengeId: UNKNOWN_UUID,
      });
      const response = await api().get('/persona/me').set('Authorization', `Bearer ${loginToken}`).expect(403);
      expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'A persona-login token cannot be used here' });
    });

    it.each([
      ['GET /persona', () => api().get('/persona')],
      ['POST /persona', () => api().post('/persona').send({})],
      ['GET /persona/me', () => api().get('/persona/me')],
      ['GET /persona/profile', () => api().get('/persona/profile')],
      ['GET /persona/status', () => api().get('/persona/status')],
      ['GET /persona/:id', () => api().get(`/persona/${UNKNOWN_UUID}`)],
      ['PUT /persona/:id', () => api().put(`/persona/${UNKNOWN_UUID}`).send({})],
      ['PUT /persona/:id/access', () => api().put(`/persona/${UNKNOWN_UUID}/access`).send({})],
      ['PATCH /persona/:persona_id', () => api().patch(`/persona/${UNKNOWN_UUID}`).send({})],
      ['DELETE /persona/:id', () => api().delete(`/persona/${UNKNOWN_UUID}`)],
    ])('%s without a token is 401', async (_route, send) => {
      const response = await send().expect(401);
      expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing Authorization header' });
    });
  });

  it('describes every persona route in its OpenAPI document', async () => {
    const response = await api().get('/docs-json').expect(200);
    const paths = response.body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/persona'] ?? {}).sort()).toEqual(['get', 'post']);
    // PATCH /persona/:persona_id of the specification shares the template of the other routes on one persona.
    expect(Object.keys(paths['/persona/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    expect(paths['/persona/{persona_id}']).toBeUndefined();
    for (const path of [
      '/persona/me',
      '/persona/profile',
      '/persona/status',
      '/persona/{id}/access',
      '/persona/login',
      '/persona/verify',
      '/teammate',
      '/teammate/{id}',
      '/me',
      '/team',
      '/team/{id}',
    ]) {
      expect(paths[path]).toBeDefined();
    }
  });
});
