import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';
import { SlaBreachJob } from '../src/service-requests/sla-breach.job';

type Ticket = {
  _id: string;
  status: string;
  dueAt: string;
  slaBreached: boolean;
  slaPausedMs: number;
  slaPausedAt: string | null;
  priority: string;
};

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(T0 + hours * HOUR);
const iso = (hours: number) => at(hours).toISOString();

describe('service requests: SLA clock (injected time)', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  const persona = `Bearer ${tokens.mint({ sub: '5d1c7a52-3f0e-4d5b-9c61-0a4f3e2b1c00', kind: 'persona', emailAddress: 'pat@example.test', personaId: '5d1c7a52-3f0e-4d5b-9c61-0a4f3e2b1c00' })}`;
  const base = '/admin/service-requests';
  let now = at(0);
  let database: TestDatabase;
  let service: RunningTestService;
  const api = () => request(service.url);
  const get = async (id: string): Promise<Ticket> =>
    (await api().get(`${base}/${id}`).set('Authorization', admin).expect(200)).body as Ticket;
  const move = (id: string, status: string) => api().post(`${base}/${id}/status`).set('Authorization', admin).send({ status }).expect(200);
  const create = async (body: Record<string, unknown>): Promise<Ticket> =>
    (await api().post(base).set('Authorization', admin).send(body).expect(201)).body as Ticket;
  const breachCount = async (organisationId: string) =>
    ((await api().get(`${base}/stats`).query({ organisationId }).set('Authorization', admin).expect(200)).body as { slaBreached: number })
      .slaBreached;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService('organisation', (config) => organisationAppModule(config, { now: () => now }), {
      databaseUrl: database.url,
      keys: tokens.keys,
    });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('pauses while PENDING_CUSTOMER, moves dueAt by the pause on the customer reply, and keeps the pause across a priority change', async () => {
    now = at(0);
    const created = (await api().post('/hub/service-requests').set('Authorization', persona).send({ title: 'VPN drops' }).expect(201))
      .body as { _id: string };
    const id = created._id;
    expect((await get(id)).dueAt).toBe(iso(72));
    now = at(1);
    await move(id, 'IN_PROGRESS');
    now = at(2);
    expect(((await move(id, 'PENDING_CUSTOMER')).body as Ticket).slaPausedAt).toBe(iso(2));
    now = at(100);
    expect(await get(id)).toMatchObject({ slaBreached: false, dueAt: iso(72), slaPausedAt: iso(2), slaPausedMs: 0 });
    now = at(12);
    // The customer's reply restarts the clock: 10 hours paused.
    await api().post(`/hub/service-requests/${id}/comments`).set('Authorization', persona).send({ text: 'Still dropping' }).expect(201);
    expect(await get(id)).toMatchObject({
      status: 'IN_PROGRESS',
      dueAt: iso(82),
      slaPausedAt: null,
      slaPausedMs: 10 * HOUR,
      slaBreached: false,
    });
    now = at(13);
    const patched = (await api().patch(`${base}/${id}`).set('Authorization', admin).send({ priority: 'HIGH' }).expect(200)).body as Ticket;
    // HIGH is 24 hours from creation, plus the 10 hours already paused.
    expect(patched).toMatchObject({ priority: 'HIGH', dueAt: iso(34), slaPausedMs: 10 * HOUR });
    now = at(20);
    await move(id, 'PENDING_CUSTOMER');
    now = at(22);
    await move(id, 'IN_PROGRESS');
    expect(await get(id)).toMatchObject({ dueAt: iso(36), slaPausedMs: 12 * HOUR, slaBreached: false });
    now = new Date(at(36).getTime() + 1);
    expect((await get(id)).slaBreached).toBe(true);
  });

  it('marks breaches on read (list and stats) and stops the clock at RESOLVED', async () => {
    const org = '6a1c7a52-3f0e-4d5b-9c61-0a4f3e2b1c01';
    now = at(200);
    const critical = await create({ title: 'Site down', priority: 'CRITICAL', organisationId: org });
    const resolvedInTime = await create({ title: 'Typo', priority: 'CRITICAL', organisationId: org });
    await move(resolvedInTime._id, 'IN_PROGRESS');
    now = at(203);
    await move(resolvedInTime._id, 'RESOLVED');
    expect(await breachCount(org)).toBe(0);
    now = at(205);
    expect(await breachCount(org)).toBe(1);
    const page = (await api().get(base).query({ organisationId: org }).set('Authorization', admin).expect(200)).body as { items: Ticket[] };
    expect(Object.fromEntries(page.items.map((item) => [item._id, item.slaBreached]))).toEqual({
      [critical._id]: true,
      [resolvedInTime._id]: false,
    });
    now = at(5000);
    expect((await get(resolvedInTime._id)).slaBreached).toBe(false);
  });

  it('records a breach at the moment of resolution when nobody looked before', async () => {
    now = at(300);
    const late = await create({ title: 'Late', priority: 'CRITICAL' });
    await move(late._id, 'IN_PROGRESS');
    now = at(305);
    expect(((await move(late._id, 'RESOLVED')).body as Ticket).slaBreached).toBe(true);
  });

  it('is kept current by the periodic job without any read', async () => {
    const org = '6a1c7a52-3f0e-4d5b-9c61-0a4f3e2b1c02';
    now = at(400);
    const ticket = await create({ title: 'Unread', priority: 'CRITICAL', organisationId: org });
    const job = service.app.get(SlaBreachJob);
    now = at(403);
    expect(await job.run()).toBe(0);
    now = at(405);
    expect(await job.run()).toBeGreaterThanOrEqual(1);
    expect(await job.run()).toBe(0);
    expect((await get(ticket._id)).slaBreached).toBe(true);
  });

  it('computes dueAt from the priority targets', async () => {
    now = at(500);
    for (const [priority, hours] of [
      ['CRITICAL', 4],
      ['HIGH', 24],
      ['MEDIUM', 72],
      ['LOW', 120],
    ] as const) {
      expect((await create({ title: priority, priority })).dueAt).toBe(iso(500 + hours));
    }
  });
});
