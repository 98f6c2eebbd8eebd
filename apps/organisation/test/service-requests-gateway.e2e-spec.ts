import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import path from 'node:path';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * Through the real nginx: both prefixes reach the organisation service with their paths
 * unchanged. The organisation zone allows 10 r/s with a burst of 20, so this file sends few
 * requests; the last test spends the burst on purpose, on a fresh gateway.
 */
describe('service requests through the gateway', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  const persona = `Bearer ${tokens.mint({ sub: '7e57e57e-0000-4000-8000-000000000001', kind: 'persona', emailAddress: 'hub@example.test', personaId: '7e57e57e-0000-4000-8000-000000000001' })}`;
  let database: TestDatabase;
  let service: RunningTestService;
  let gateway: TestGateway;
  const api = () => request(gateway.url);

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService('organisation', organisationAppModule, { databaseUrl: database.url, keys: tokens.keys });
    gateway = await startTestGateway(ROOT, { organisation: service.port });
  });

  afterAll(async () => {
    await gateway?.stop();
    await service?.close();
    await database?.drop();
  });

  it('serves the hub and the admin side of one ticket', async () => {
    const filed = (await api().post('/hub/service-requests').set('Authorization', persona).send({ title: 'Through nginx' }).expect(201))
      .body as { _id: string };
    await api()
      .post(`/admin/service-requests/${filed._id}/comments`)
      .set('Authorization', admin)
      .send({ text: 'internal only', isInternal: true })
      .expect(201);
    const moved = (
      await api().post(`/admin/service-requests/${filed._id}/status`).set('Authorization', admin).send({ status: 'OPEN' }).expect(200)
    ).body as { status: string };
    expect(moved.status).toBe('OPEN');
    const seen = (await api().get(`/hub/service-requests/${filed._id}`).set('Authorization', persona).expect(200)).body as {
      status: string;
      comments: unknown[];
    };
    expect(seen).toMatchObject({ status: 'OPEN', comments: [] });
    const page = (await api().get('/admin/service-requests').query({ q: 'nginx' }).set('Authorization', admin).expect(200)).body as {
      items: Array<{ _id: string }>;
    };
    expect(page.items.map((item) => item._id)).toEqual([filed._id]);
  });

  it('keeps the platform error bodies: 401, 403 for a persona on the admin side, 409', async () => {
    expect((await api().get('/admin/service-requests').expect(401)).body).toMatchObject({ statusCode: 401 });
    expect((await api().get('/admin/service-requests').set('Authorization', persona).expect(403)).body).toMatchObject({
      statusCode: 403,
      error: 'Forbidden',
    });
    const filed = (await api().post('/admin/service-requests').set('Authorization', admin).send({ title: 'x' }).expect(201)).body as {
      _id: string;
    };
    const conflict = await api()
      .post(`/admin/service-requests/${filed._id}/status`)
      .set('Authorization', admin)
      .send({ status: 'CLOSED' })
      .expect(409);
    expect(conflict.body).toEqual({ statusCode: 409, error: 'Conflict', message: expect.stringContaining('NEW to CLOSED') });
  });

  it('counts both prefixes against the organisation rate limit (429 past the burst)', async () => {
    // A gateway of its own: its rate-limit zones start empty, whatever the tests above spent.
    const fresh = await startTestGateway(ROOT, { organisation: service.port });
    let statuses: number[];
    try {
      statuses = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          (index % 2 === 0
            ? request(fresh.url).get('/hub/service-requests').set('Authorization', persona)
            : request(fresh.url).get('/admin/service-requests/stats').set('Authorization', admin)
          ).then((response) => response.status),
        ),
      );
    } finally {
      await fresh.stop();
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(20);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
  });
});
