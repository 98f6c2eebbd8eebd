import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import path from 'node:path';
import request from 'supertest';
import { evaluationAppModule } from '../src/evaluation-app.module';

const ROOT = path.resolve(__dirname, '../../..');

// Few requests: the gateway allows /evaluation 10 r/s with a burst of 20 per instance.
describe('algorithm entities through the gateway (/evaluation/algorithm/{collection})', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  const member = `Bearer ${tokens.account()}`;
  let database: TestDatabase;
  let service: RunningTestService;
  let gateway: TestGateway;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService('evaluation', evaluationAppModule, { databaseUrl: database.url, keys: tokens.keys });
    gateway = await startTestGateway(ROOT, { evaluation: service.port });
  });

  afterAll(async () => {
    await gateway?.stop();
    await service?.close();
    await database?.drop();
  });

  it('creates a team and a role, reads, lists and deletes them with the prefix stripped', async () => {
    const api = () => request(gateway.url);
    const team = await api().post('/evaluation/algorithm/teams').set('Authorization', admin).send({ name: 'Gateway team' }).expect(201);
    expect(team.body).toEqual({ id: expect.any(Number), name: 'Gateway team', organisationId: null, memberPersonaIds: [] });
    const role = await api()
      .post('/evaluation/algorithm/roles')
      .set('Authorization', admin)
      .send({ title: 'Gateway role', teamId: team.body.id })
      .expect(201);

    const listed = await api().get('/evaluation/algorithm/roles?page=1&limit=5').set('Authorization', member).expect(200);
    expect(listed.body).toEqual([role.body]);
    expect(listed.headers['x-total-count']).toBe('1');
    const conflict = await api().delete(`/evaluation/algorithm/teams/${team.body.id}`).set('Authorization', admin).expect(409);
    expect(conflict.body).toEqual({ statusCode: 409, error: 'Conflict', message: `Team ${team.body.id} is still used by roles` });

    expect((await api().delete(`/evaluation/algorithm/roles/${role.body.id}`).set('Authorization', admin).expect(200)).body).toEqual({
      message: 'Role deleted',
    });
    expect((await api().delete(`/evaluation/algorithm/teams/${team.body.id}`).set('Authorization', admin).expect(200)).body).toEqual({
      message: 'Team deleted',
    });
    expect((await api().get(`/evaluation/algorithm/teams/${team.body.id}`).set('Authorization', member).expect(404)).body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Team not found',
    });
  });

  it('upserts a user goal and keeps the platform error bodies', async () => {
    const api = () => request(gateway.url);
    const location = await api()
      .post('/evaluation/algorithm/locations')
      .set('Authorization', admin)
      .send({ name: 'Lisbon', countryId: 351 })
      .expect(201);
    const created = await api()
      .put('/evaluation/algorithm/usergoals/12')
      .set('Authorization', admin)
      .send({ locationIds: [location.body.id] })
      .expect(201);
    expect(created.body).toEqual({ userId: 12, industryIds: [], functionIds: [], skillIds: [], locationIds: [location.body.id] });
    await api().put('/evaluation/algorithm/usergoals/12').set('Authorization', admin).send({ skillIds: [] }).expect(200);

    const unknown = await api()
      .put('/evaluation/algorithm/usergoals/12')
      .set('Authorization', admin)
      .send({ industryIds: [424242] })
      .expect(400);
    expect(unknown.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'industryIds refers to unknown industries id 424242' });
    expect((await api().get('/evaluation/algorithm/usergoals/12').expect(401)).body).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Missing Authorization header',
    });
    expect(
      (await api().post('/evaluation/algorithm/skills').set('Authorization', member).send({ name: 'x' }).expect(403)).body.statusCode,
    ).toBe(403);
    expect((await api().get('/evaluation/algorithm/skills?limit=101').set('Authorization', member).expect(400)).body.message).toContain(
      'limit',
    );
  });
});
