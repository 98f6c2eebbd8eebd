import { OBJECT_ID } from '@teamfit/common';
import { serviceUnderTest } from '@teamfit/platform/testing';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';

type Ticket = Record<string, unknown> & {
  _id: string;
  status: string;
  priority: string;
  dueAt: string;
  createdAt: string;
  deletedAt: string | null;
  typeMeta: Record<string, Record<string, unknown>>;
};
type Page = { items: Ticket[]; total: number; page: number; limit: number };
type HistoryEntry = {
  action: string;
  field: string | null;
  oldValue: unknown;
  newValue: unknown;
  actorId: string;
  isInternal: boolean;
  note: string | null;
};

const ORG_A = '11111111-1111-4111-8111-111111111111';
const ORG_B = '22222222-2222-4222-8222-222222222222';
const ORG_C = '33333333-3333-4333-8333-333333333333';
const ORG_D = '44444444-4444-4444-8444-444444444444';
const HOUR = 3_600_000;
const ADMIN_ID = '00000000-0000-4000-8000-000000000001';

describe('service requests: administrator side', () => {
  const organisation = serviceUnderTest('organisation', organisationAppModule);
  const { tokens, admin } = organisation;
  const api = () => request(organisation.url);
  const base = '/admin/service-requests';

  const create = async (body: Record<string, unknown>): Promise<Ticket> =>
    (await api().post(base).set('Authorization', admin).send(body).expect(201)).body as Ticket;
  const get = async (id: string): Promise<Ticket> =>
    (await api().get(`${base}/${id}`).set('Authorization', admin).expect(200)).body as Ticket;
  const patch = (id: string, body: Record<string, unknown>) => api().patch(`${base}/${id}`).set('Authorization', admin).send(body);
  const history = async (id: string) =>
    (await api().get(`${base}/${id}/history`).set('Authorization', admin).expect(200)).body as HistoryEntry[];
  const list = async (query: Record<string, string>): Promise<Page> =>
    (await api().get(base).query(query).set('Authorization', admin).expect(200)).body as Page;
  const move = (id: string, status: string) => api().post(`${base}/${id}/status`).set('Authorization', admin).send({ status }).expect(200);
  const comment = (id: string, text: string, isInternal: boolean) =>
    api().post(`${base}/${id}/comments`).set('Authorization', admin).send({ text, isInternal });

  describe('access', () => {
    it('is for administrators only', async () => {
      await api().get(base).expect(401);
      await api().get(base).set('Authorization', `Bearer ${tokens.account()}`).expect(403);
      await api()
        .post(base)
        .set('Authorization', `Bearer ${tokens.mint({ sub: 'p', kind: 'persona', emailAddress: 'p@example.test', personaId: 'p' })}`)
        .send({ title: 'x' })
        .expect(403);
    });
  });

  describe('create', () => {
    it('fills defaults: NEW, QUESTION, priority from the matrix, dueAt from the priority', async () => {
      const ticket = await create({ title: 'Cannot log in', impact: 'HIGH', urgency: 'HIGH' });
      expect(ticket).toMatchObject({
        _id: expect.stringMatching(OBJECT_ID),
        status: 'NEW',
        type: 'QUESTION',
        priority: 'CRITICAL',
        requesterType: 'ADMIN',
        requesterId: ADMIN_ID,
        slaBreached: false,
        reopenCount: 0,
        tags: [],
        typeMeta: {},
      });
      expect(Date.parse(ticket.dueAt) - Date.parse(ticket.createdAt)).toBe(4 * HOUR);
      const medium = await create({ title: 'Question' });
      expect(medium.priority).toBe('MEDIUM');
      expect(Date.parse(medium.dueAt) - Date.parse(medium.createdAt)).toBe(72 * HOUR);
      expect((await create({ title: 'q', impact: 'LOW', urgency: 'MEDIUM' })).priority).toBe('LOW');
    });

    it('keeps a given priority and dueAt, and marks on-behalf requests', async () => {
      const ticket = await create({
        title: 'Phone call',
        priority: 'HIGH',
        dueAt: '2030-01-01T00:00:00Z',
        organisationId: ORG_A,
        source: 'PHONE',
      });
      expect(ticket).toMatchObject({
        priority: 'HIGH',
        dueAt: '2030-01-01T00:00:00.000Z',
        requesterType: 'ADMIN_ON_BEHALF',
        organisationId: ORG_A,
        source: 'PHONE',
      });
      expect((await create({ title: 'x', onBehalfOfUserId: ORG_B })).requesterType).toBe('ADMIN_ON_BEHALF');
    });

    it('starts a CHANGE_REQUEST pending approval and refuses a typeMeta block of another type', async () => {
      const change = await create({
        title: 'Upgrade DB',
        type: 'CHANGE_REQUEST',
        typeMeta: { change: { proposedChange: 'PG 18', riskLevel: 'HIGH' } },
      });
      expect(change.typeMeta).toEqual({
        change: {
          proposedChange: 'PG 18',
          riskLevel: 'HIGH',
          approvalStatus: 'PENDING',
          approverId: null,
          approvedAt: null,
          approvalNote: null,
        },
      });
      const wrong = await api()
        .post(base)
        .set('Authorization', admin)
        .send({ title: 'x', type: 'BUG', typeMeta: { change: { proposedChange: 'y' } } })
        .expect(400);
      expect((wrong.body as { message: string }).message).toBe('typeMeta.change does not apply to BUG service requests');
      const approval = await api()
        .post(base)
        .set('Authorization', admin)
        .send({ title: 'x', type: 'CHANGE_REQUEST', typeMeta: { change: { approvalStatus: 'APPROVED' } } })
        .expect(400);
      expect((approval.body as { message: string }).message).toContain('approvalStatus should not exist');
    });

    it('validates fields by name', async () => {
      for (const [body, field] of [
        [{}, 'title'],
        [{ title: 'x', type: 'OTHER' }, 'type'],
        [{ title: 'x', priority: 'URGENT' }, 'priority'],
        [{ title: 'x', dueAt: 'tomorrow' }, 'dueAt'],
        [{ title: 'x', organisationId: 'acme' }, 'organisationId'],
        [{ title: 'x', status: 'CLOSED' }, 'status'],
        [{ title: 'x', tags: 'urgent' }, 'tags'],
        [{ title: 'x', tags: [''] }, 'tags'],
      ] as const) {
        const response = await api().post(base).set('Authorization', admin).send(body).expect(400);
        expect((response.body as { message: string }).message).toContain(field);
      }
    });
  });

  describe('PATCH', () => {
    it('writes one history entry per changed field with old and new values, derived fields included', async () => {
      const ticket = await create({ title: 'Old title', category: 'Access', tags: ['a'] });
      const updated = (
        await patch(ticket._id, { title: 'New title', category: 'Access', tags: ['a', 'b'], impact: 'HIGH', urgency: 'HIGH' }).expect(200)
      ).body as Ticket;
      expect(updated).toMatchObject({ title: 'New title', tags: ['a', 'b'], priority: 'CRITICAL' });
      expect(Date.parse(updated.dueAt) - Date.parse(ticket.createdAt)).toBe(4 * HOUR);
      const entries = (await history(ticket._id)).filter((entry) => entry.action === 'UPDATED');
      const byField = Object.fromEntries(entries.map((entry) => [entry.field, [entry.oldValue, entry.newValue]]));
      expect(byField).toEqual({
        title: ['Old title', 'New title'],
        tags: [['a'], ['a', 'b']],
        impact: [null, 'HIGH'],
        urgency: [null, 'HIGH'],
        priority: ['MEDIUM', 'CRITICAL'],
        dueAt: [ticket.dueAt, updated.dueAt],
      });
      expect(entries.every((entry) => entry.actorId === ADMIN_ID && entry.isInternal)).toBe(true);
    });

    it('writes nothing when nothing changes, and merges typeMeta blocks', async () => {
      const ticket = await create({ title: 'Same', type: 'BUG', typeMeta: { bug: { stepsToReproduce: 'click' } } });
      const before = await history(ticket._id);
      const same = (await patch(ticket._id, { title: 'Same' }).expect(200)).body as Ticket;
      expect(same.updatedAt).toBe(ticket.updatedAt);
      expect(await history(ticket._id)).toHaveLength(before.length);
      await patch(ticket._id, { typeMeta: { bug: { stepsToReproduce: 'click twice' } } }).expect(200);
      const entry = (await history(ticket._id)).at(-1);
      expect(entry).toMatchObject({
        field: 'typeMeta',
        oldValue: { bug: { stepsToReproduce: 'click' } },
        newValue: { bug: { stepsToReproduce: 'click twice' } },
      });
      await patch(ticket._id, { type: 'INCIDENT' }).expect(400);
      await patch(ticket._id, { title: null }).expect(400);
    });
  });

  describe('comments', () => {
    it('sets firstResponseAt with the first public comment only, and lists both kinds', async () => {
      const ticket = await create({ title: 'Commented' });
      const internal = (await comment(ticket._id, 'looking into it', true).expect(201)).body as { _id: string };
      expect((await get(ticket._id)).firstResponseAt).toBeNull();
      await comment(ticket._id, 'We are on it', false).expect(201);
      const first = (await get(ticket._id)).firstResponseAt;
      expect(first).toEqual(expect.any(String));
      await comment(ticket._id, 'Still on it', false).expect(201);
      expect((await get(ticket._id)).firstResponseAt).toBe(first);
      const comments = (await api().get(`${base}/${ticket._id}/comments`).set('Authorization', admin).expect(200)).body as Array<{
        _id: string;
        text: string;
        isInternal: boolean;
      }>;
      expect(comments.map((c) => [c.text, c.isInternal])).toEqual([
        ['looking into it', true],
        ['We are on it', false],
        ['Still on it', false],
      ]);
      expect(comments[0]?._id).toBe(internal._id);
      const added = (await history(ticket._id)).filter((entry) => entry.action === 'COMMENT_ADDED');
      expect(added.map((entry) => entry.isInternal)).toEqual([true, false, false]);
      await comment(ticket._id, 'x', undefined as unknown as boolean).expect(400);
    });
  });

  describe('approve-change', () => {
    it('is 409 for other types, needs a note to reject, and is final once decided', async () => {
      const bug = await create({ title: 'Bug', type: 'BUG' });
      const notChange = await api()
        .post(`${base}/${bug._id}/approve-change`)
        .set('Authorization', admin)
        .send({ decision: 'APPROVED' })
        .expect(409);
      expect((notChange.body as { message: string }).message).toContain('CHANGE_REQUEST');
      const change = await create({ title: 'Change', type: 'CHANGE_REQUEST' });
      const noNote = await api()
        .post(`${base}/${change._id}/approve-change`)
        .set('Authorization', admin)
        .send({ decision: 'REJECTED' })
        .expect(400);
      expect((noNote.body as { message: string }).message).toContain('note');
      await api()
        .post(`${base}/${change._id}/approve-change`)
        .set('Authorization', admin)
        .send({ decision: 'REJECTED', note: '   ' })
        .expect(400);
      const rejected = (
        await api()
          .post(`${base}/${change._id}/approve-change`)
          .set('Authorization', admin)
          .send({ decision: 'REJECTED', note: 'Too risky' })
          .expect(200)
      ).body as Ticket;
      expect(rejected.typeMeta['change']).toMatchObject({
        approvalStatus: 'REJECTED',
        approverId: ADMIN_ID,
        approvedAt: expect.any(String),
        approvalNote: 'Too risky',
      });
      for (const decision of ['APPROVED', 'REJECTED']) {
        const again = await api()
          .post(`${base}/${change._id}/approve-change`)
          .set('Authorization', admin)
          .send({ decision, note: 'changed my mind' })
          .expect(409);
        expect((again.body as { message: string }).message).toContain('cannot be changed');
      }
      expect((await get(change._id)).typeMeta['change']).toMatchObject({ approvalStatus: 'REJECTED', approvalNote: 'Too risky' });
      const decided = (await history(change._id)).filter((entry) => entry.action === 'CHANGE_DECIDED');
      expect(decided).toEqual([
        expect.objectContaining({ field: 'typeMeta.change.approvalStatus', oldValue: 'PENDING', newValue: 'REJECTED', note: 'Too risky' }),
      ]);
      const approved = await create({ title: 'Change 2', type: 'CHANGE_REQUEST' });
      await api().post(`${base}/${approved._id}/approve-change`).set('Authorization', admin).send({ decision: 'APPROVED' }).expect(200);
      await move(approved._id, 'IN_PROGRESS');
    });
  });

  describe('soft delete', () => {
    it('hides the ticket from lists unless includeDeleted, 404s later changes, and keeps the trail', async () => {
      const ticket = await create({ title: 'Doomed ticket' });
      await api().delete(`${base}/${ticket._id}`).set('Authorization', admin).expect(200, { message: 'Service request deleted' });
      expect((await list({ q: 'doomed' })).items).toEqual([]);
      const withDeleted = await list({ q: 'doomed', includeDeleted: 'true' });
      expect(withDeleted.items.map((item) => item._id)).toEqual([ticket._id]);
      expect(withDeleted.items[0]?.deletedAt).toEqual(expect.any(String));
      await patch(ticket._id, { title: 'x' }).expect(404);
      await api().post(`${base}/${ticket._id}/status`).set('Authorization', admin).send({ status: 'OPEN' }).expect(404);
      await comment(ticket._id, 'x', true).expect(404);
      await api().post(`${base}/${ticket._id}/assign`).set('Authorization', admin).send({ assigneeTeam: 'ops' }).expect(404);
      await api().delete(`${base}/${ticket._id}`).set('Authorization', admin).expect(404);
      expect((await get(ticket._id)).deletedAt).toEqual(expect.any(String));
      expect((await history(ticket._id)).map((entry) => entry.action)).toEqual(['CREATED', 'DELETED']);
    });
  });

  describe('list, search and stats', () => {
    let ids: Record<string, string>;

    beforeAll(async () => {
      const a = await create({
        title: 'Invoices are duplicated',
        description: 'Billing sends every invoice twice',
        organisationId: ORG_C,
        priority: 'HIGH',
      });
      const b = await create({ title: 'Dark mode request', type: 'FEATURE_REQUEST', organisationId: ORG_C, priority: 'LOW' });
      const c = await create({ title: 'Slow dashboard', type: 'INCIDENT', organisationId: ORG_D, priority: 'HIGH' });
      await comment(c._id, 'The reporting widget times out for the warehouse team', false).expect(201);
      await comment(b._id, 'secret warehouse plan', true).expect(201);
      await move(c._id, 'OPEN');
      ids = { a: a._id, b: b._id, c: c._id };
    });

    it('searches title, description and public comments with stemming, never internal comments', async () => {
      expect((await list({ q: 'invoice', organisationId: ORG_C })).items.map((item) => item._id)).toEqual([ids['a']]);
      expect((await list({ q: 'billing twice' })).items.map((item) => item._id)).toEqual([ids['a']]);
      expect((await list({ q: 'warehouse' })).items.map((item) => item._id)).toEqual([ids['c']]);
      expect((await list({ q: 'widgets timing' })).items.map((item) => item._id)).toEqual([ids['c']]);
      expect((await list({ q: 'secret' })).total).toBe(0);
    });

    it('filters by status, priority, organisation and creation time, newest first with a stable order', async () => {
      expect((await list({ organisationId: ORG_C })).items.map((item) => item._id)).toEqual([ids['b'], ids['a']]);
      expect((await list({ organisationId: ORG_D, status: 'OPEN' })).total).toBe(1);
      expect((await list({ organisationId: ORG_C, priority: 'HIGH' })).items.map((item) => item._id)).toEqual([ids['a']]);
      expect((await list({ organisationId: ORG_C, createdFrom: '2099-01-01T00:00:00Z' })).total).toBe(0);
      expect((await list({ organisationId: ORG_C, createdTo: '2000-01-01T00:00:00Z' })).total).toBe(0);
      expect((await list({ organisationId: ORG_C, createdFrom: '2000-01-01T00:00:00Z', createdTo: '2099-01-01T00:00:00Z' })).total).toBe(2);
    });

    it('paginates {items, total, page, limit} with at most 100 per page', async () => {
      const all = await list({ limit: '100' });
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(all.total / 3); page += 1) {
        const slice = await list({ limit: '3', page: String(page) });
        expect(slice).toMatchObject({ total: all.total, page, limit: 3 });
        seen.push(...slice.items.map((item) => item._id));
      }
      expect(seen).toEqual(all.items.map((item) => item._id));
      expect((await list({})).limit).toBe(10);
      await api().get(base).query({ limit: '101' }).set('Authorization', admin).expect(400);
      await api().get(base).query({ page: '0' }).set('Authorization', admin).expect(400);
      await api().get(base).query({ includeDeleted: 'yes' }).set('Authorization', admin).expect(400);
    });

    it('counts by status, type and priority with filters', async () => {
      const stats = (await api().get(`${base}/stats`).query({ organisationId: ORG_C }).set('Authorization', admin).expect(200))
        .body as Record<string, unknown>;
      expect(stats).toEqual({
        total: 2,
        slaBreached: 0,
        byStatus: { NEW: 2, OPEN: 0, IN_PROGRESS: 0, PENDING_CUSTOMER: 0, ON_HOLD: 0, RESOLVED: 0, CLOSED: 0, REOPENED: 0, CANCELLED: 0 },
        byType: { BUG: 0, INCIDENT: 0, CHANGE_REQUEST: 0, QUESTION: 1, FEATURE_REQUEST: 1 },
        byPriority: { LOW: 1, MEDIUM: 0, HIGH: 1, CRITICAL: 0 },
      });
      const orgB = (await api().get(`${base}/stats`).query({ organisationId: ORG_D }).set('Authorization', admin).expect(200)).body as {
        total: number;
        byStatus: Record<string, number>;
      };
      expect(orgB.total).toBe(1);
      expect(orgB.byStatus['OPEN']).toBe(1);
      const none = (await api().get(`${base}/stats`).query({ assigneeId: ORG_C }).set('Authorization', admin).expect(200)).body as {
        total: number;
      };
      expect(none.total).toBe(0);
    });
  });
});
