import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { type RunningTestService, startTestService, TestTokens, UNKNOWN_OBJECT_ID } from '@teamfit/platform/testing';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';
import { type Status, STATUSES, TRANSITIONS } from '../src/service-requests/service-request.model';
import { ServiceRequestFactory } from './service-request.fixture';

type Ticket = { _id: string; status: Status; resolvedAt: string | null; closedAt: string | null; reopenCount: number };
type HistoryEntry = { action: string; field: string | null; oldValue: unknown; newValue: unknown; actorId: string; actorType: string };

/** A way from NEW to every status, each step itself a legal move of the table. */
const PATH_TO: Record<Status, Status[]> = {
  NEW: [],
  OPEN: ['OPEN'],
  IN_PROGRESS: ['IN_PROGRESS'],
  PENDING_CUSTOMER: ['IN_PROGRESS', 'PENDING_CUSTOMER'],
  ON_HOLD: ['IN_PROGRESS', 'ON_HOLD'],
  RESOLVED: ['IN_PROGRESS', 'RESOLVED'],
  CLOSED: ['IN_PROGRESS', 'RESOLVED', 'CLOSED'],
  REOPENED: ['IN_PROGRESS', 'RESOLVED', 'REOPENED'],
  CANCELLED: ['IN_PROGRESS', 'CANCELLED'],
};

const allowedForAdmin = (from: Status, to: Status): boolean => TRANSITIONS[from][to]?.actors.includes('ADMIN') ?? false;
const PAIRS = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));

describe('service requests: status transitions', () => {
  const tokens = new TestTokens();
  const adminId = '00000000-0000-4000-8000-000000000001';
  const admin = `Bearer ${tokens.admin()}`;
  let database: TestDatabase;
  let service: RunningTestService;
  let connection: ReturnType<typeof openTestDatabase>;
  let tickets: ServiceRequestFactory;
  const api = () => request(service.url);

  const create = async (title = 'Printer on fire'): Promise<Ticket> =>
    (await api().post('/admin/service-requests').set('Authorization', admin).send({ title, type: 'INCIDENT' }).expect(201)).body as Ticket;
  const move = (id: string, status: Status) =>
    api().post(`/admin/service-requests/${id}/status`).set('Authorization', admin).send({ status });
  const history = async (id: string) =>
    (await api().get(`/admin/service-requests/${id}/history`).set('Authorization', admin).expect(200)).body as HistoryEntry[];
  const ticketIn = async (status: Status): Promise<Ticket> => {
    const ticket = await create(`in ${status}`);
    for (const step of PATH_TO[status]) await move(ticket._id, step).expect(200);
    return ticket;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService('organisation', organisationAppModule, { databaseUrl: database.url, keys: tokens.keys });
    connection = openTestDatabase(database.url);
    tickets = new ServiceRequestFactory(connection.db, adminId);
  });

  afterAll(async () => {
    await connection?.close();
    await service?.close();
    await database?.drop();
  });

  it('covers all 81 ordered pairs of the nine statuses', () => {
    expect(PAIRS).toHaveLength(81);
    expect(PAIRS.filter(([from, to]) => allowedForAdmin(from, to))).toHaveLength(20);
  });

  // Each pair starts from a ticket stored in `from` (the moves that lead there are pairs too).
  it.each(PAIRS)('%s -> %s answers as the transition table says', async (from, to) => {
    const ticket = { _id: (await tickets.inStatus(from)).id };
    const before = await history(ticket._id);
    const response = await move(ticket._id, to);
    if (allowedForAdmin(from, to)) {
      expect(response.status).toBe(200);
      expect((response.body as Ticket).status).toBe(to);
      const after = await history(ticket._id);
      expect(after).toHaveLength(before.length + 1);
      expect(after.at(-1)).toMatchObject({
        action: 'STATUS_CHANGED',
        field: 'status',
        oldValue: from,
        newValue: to,
        actorId: adminId,
        actorType: 'ADMIN',
      });
    } else {
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ statusCode: 409, error: 'Conflict', message: expect.stringContaining(to) });
      const unchanged = (await api().get(`/admin/service-requests/${ticket._id}`).set('Authorization', admin).expect(200)).body as Ticket;
      expect(unchanged.status).toBe(from);
      expect(await history(ticket._id)).toHaveLength(before.length);
    }
  });

  it('says why a move is illegal', async () => {
    const ticket = await create();
    const response = await move(ticket._id, 'CLOSED').expect(409);
    expect((response.body as { message: string }).message).toBe(
      'A service request cannot move from NEW to CLOSED: from NEW it can move to OPEN, IN_PROGRESS',
    );
    const closed = await ticketIn('CLOSED');
    expect(((await move(closed._id, 'REOPENED').expect(409)).body as { message: string }).message).toContain('CLOSED is final');
  });

  it('stamps resolvedAt and closedAt and counts reopenings', async () => {
    const ticket = await ticketIn('RESOLVED');
    let current = (await api().get(`/admin/service-requests/${ticket._id}`).set('Authorization', admin).expect(200)).body as Ticket;
    expect(current.resolvedAt).toEqual(expect.any(String));
    expect(current.reopenCount).toBe(0);
    current = (await move(ticket._id, 'REOPENED').expect(200)).body as Ticket;
    expect(current).toMatchObject({ reopenCount: 1, resolvedAt: null, closedAt: null });
    await move(ticket._id, 'IN_PROGRESS').expect(200);
    await move(ticket._id, 'RESOLVED').expect(200);
    await move(ticket._id, 'REOPENED').expect(200);
    await move(ticket._id, 'IN_PROGRESS').expect(200);
    await move(ticket._id, 'RESOLVED').expect(200);
    current = (await move(ticket._id, 'CLOSED').expect(200)).body as Ticket;
    expect(current.reopenCount).toBe(2);
    expect(current.closedAt).toEqual(expect.any(String));
    expect(current.resolvedAt).toEqual(expect.any(String));
  });

  it('validates the target status and the id', async () => {
    const ticket = await create();
    expect((await move(ticket._id, 'DONE' as Status).expect(400)).body).toMatchObject({ message: expect.stringContaining('status') });
    await move(UNKNOWN_OBJECT_ID, 'OPEN').expect(404);
    expect((await move('nope', 'OPEN').expect(400)).body).toMatchObject({ message: expect.stringContaining('id') });
  });

  it('lets only one of two concurrent moves from the same state win, with one history entry', async () => {
    for (let round = 0; round < 5; round += 1) {
      const ticket = await ticketIn('IN_PROGRESS');
      const responses = await Promise.all([move(ticket._id, 'RESOLVED'), move(ticket._id, 'ON_HOLD')]);
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = responses.find((response) => response.status === 200)?.body as Ticket;
      const stored = (await api().get(`/admin/service-requests/${ticket._id}`).set('Authorization', admin).expect(200)).body as Ticket;
      expect(stored.status).toBe(winner.status);
      const moves = (await history(ticket._id)).filter((entry) => entry.action === 'STATUS_CHANGED');
      expect(moves.map((entry) => [entry.oldValue, entry.newValue])).toEqual([
        ['NEW', 'IN_PROGRESS'],
        ['IN_PROGRESS', winner.status],
      ]);
    }
  });

  it('applies chained concurrent moves in some serial order (each checked against the state it finds)', async () => {
    const ticket = await ticketIn('IN_PROGRESS');
    // PENDING_CUSTOMER -> RESOLVED is legal and IN_PROGRESS -> RESOLVED too: both orders work.
    const responses = await Promise.all([move(ticket._id, 'PENDING_CUSTOMER'), move(ticket._id, 'RESOLVED')]);
    const stored = (await api().get(`/admin/service-requests/${ticket._id}`).set('Authorization', admin).expect(200)).body as Ticket;
    const moves = (await history(ticket._id)).filter((entry) => entry.action === 'STATUS_CHANGED').slice(1);
    // The history is a chain: every move starts where the previous one ended, and ends at the ticket's status.
    let state: unknown = 'IN_PROGRESS';
    for (const entry of moves) {
      expect(entry.oldValue).toBe(state);
      state = entry.newValue;
    }
    expect(state).toBe(stored.status);
    expect(moves).toHaveLength(responses.filter((response) => response.status === 200).length);
  });
});
