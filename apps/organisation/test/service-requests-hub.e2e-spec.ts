import { seedTestAccounts, serviceUnderTest, TestTokens } from '@teamfit/platform/testing';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';

type HubTicket = Record<string, unknown> & {
  _id: string;
  status: string;
  comments?: Array<Record<string, unknown>>;
  history?: Array<Record<string, unknown>>;
};
type Page = { items: HubTicket[]; total: number; page: number; limit: number };

const personaToken = (tokens: TestTokens, id: string) =>
  `Bearer ${tokens.mint({ sub: id, kind: 'persona', emailAddress: `${id.slice(0, 4)}@example.test`, personaId: id })}`;

describe('service requests: hub side', () => {
  const organisation = serviceUnderTest('organisation', organisationAppModule);
  const { tokens, admin } = organisation;
  const alice = personaToken(tokens, 'a11ce000-0000-4000-8000-000000000001');
  const bob = personaToken(tokens, 'b0b00000-0000-4000-8000-000000000002');
  const member = `Bearer ${tokens.account({ sub: 'c0ffee00-0000-4000-8000-000000000003' })}`;
  // Account tokens are good only for accounts that exist (docs/adr/0067-rights-read-from-the-account.md).
  beforeAll(() =>
    seedTestAccounts(organisation.database.url, [
      { id: 'c0ffee00-0000-4000-8000-000000000003', emailAddress: 'coffee@example.test' },
      { id: 'a11ce000-0000-4000-8000-000000000001', emailAddress: 'alice.account@example.test' },
    ]),
  );
  const hub = '/hub/service-requests';
  const adminBase = '/admin/service-requests';
  const api = () => request(organisation.url);
  const file = async (token: string, title: string): Promise<HubTicket> =>
    (
      await api()
        .post(hub)
        .set('Authorization', token)
        .send({ title, description: `${title} details` })
        .expect(201)
    ).body as HubTicket;
  const read = async (token: string, id: string): Promise<HubTicket> =>
    (await api().get(`${hub}/${id}`).set('Authorization', token).expect(200)).body as HubTicket;
  const move = (id: string, status: string) =>
    api().post(`${adminBase}/${id}/status`).set('Authorization', admin).send({ status }).expect(200);
  const adminComment = (id: string, text: string, isInternal: boolean) =>
    api().post(`${adminBase}/${id}/comments`).set('Authorization', admin).send({ text, isInternal }).expect(201);

  it('files a ticket as the token subject, showing no internal fields', async () => {
    const ticket = await file(alice, 'Cannot upload my CV');
    expect(Object.keys(ticket).sort()).toEqual([
      '_id',
      'category',
      'closedAt',
      'createdAt',
      'description',
      'firstResponseAt',
      'priority',
      'resolvedAt',
      'status',
      'title',
      'type',
      'updatedAt',
    ]);
    expect(ticket).toMatchObject({ status: 'NEW', type: 'QUESTION', priority: 'MEDIUM' });
    const full = (await api().get(`${adminBase}/${ticket._id}`).set('Authorization', admin).expect(200)).body as Record<string, unknown>;
    expect(full).toMatchObject({ requesterType: 'PERSONA', requesterId: 'a11ce000-0000-4000-8000-000000000001', source: 'HUB' });
    const byAccount = await file(member, 'Account holder question');
    expect(
      ((await api().get(`${adminBase}/${byAccount._id}`).set('Authorization', admin).expect(200)).body as Record<string, unknown>)
        .requesterType,
    ).toBe('ACCOUNT');
    await api().post(hub).send({ title: 'x' }).expect(401);
    await api().post(hub).set('Authorization', alice).send({ title: 'x', priority: 'CRITICAL' }).expect(400);
  });

  it('lists and reads only the requester’s own tickets; anyone else’s is 404', async () => {
    const mine = await file(alice, 'Alice second');
    const theirs = await file(bob, 'Bob only');
    const alicePage = (await api().get(hub).set('Authorization', alice).expect(200)).body as Page;
    expect(alicePage.items.map((item) => item.title)).toEqual(['Alice second', 'Cannot upload my CV']);
    expect(alicePage).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(((await api().get(hub).set('Authorization', bob).expect(200)).body as Page).items.map((item) => item._id)).toEqual([theirs._id]);
    for (const path of ['', '/comments']) {
      const response = await api().get(`${hub}/${theirs._id}${path}`).set('Authorization', alice).expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Service request not found' });
    }
    await api().post(`${hub}/${theirs._id}/comments`).set('Authorization', alice).send({ text: 'hi' }).expect(404);
    await api().post(`${hub}/${theirs._id}/confirm`).set('Authorization', alice).expect(404);
    // The same UUID as an account token is another requester.
    await api()
      .get(`${hub}/${mine._id}`)
      .set('Authorization', `Bearer ${tokens.account({ sub: 'a11ce000-0000-4000-8000-000000000001' })}`)
      .expect(404);
    await api().get(`${hub}/${mine._id}`).set('Authorization', alice).expect(200);
    await api().get(adminBase).set('Authorization', alice).expect(403);
  });

  it('never shows internal comments or internal history', async () => {
    const ticket = await file(alice, 'Secret handling');
    await adminComment(ticket._id, 'INTERNAL: requester is a VIP', true);
    await adminComment(ticket._id, 'Hello, we are looking into it', false);
    await api()
      .patch(`${adminBase}/${ticket._id}`)
      .set('Authorization', admin)
      .send({ category: 'internal-category-x', priority: 'HIGH' })
      .expect(200);
    await api().post(`${adminBase}/${ticket._id}/assign`).set('Authorization', admin).send({ assigneeTeam: 'Tier 2' }).expect(200);
    await move(ticket._id, 'OPEN');
    const read1 = await read(alice, ticket._id);
    expect(read1.comments?.map((comment) => comment['text'])).toEqual(['Hello, we are looking into it']);
    expect(read1.comments?.[0]).toEqual({
      _id: expect.any(String),
      authorType: 'ADMIN',
      text: 'Hello, we are looking into it',
      createdAt: expect.any(String),
    });
    expect(read1.history?.map((entry) => entry['action'])).toEqual(['CREATED', 'COMMENT_ADDED', 'STATUS_CHANGED']);
    const serialised =
      JSON.stringify(read1) +
      JSON.stringify((await api().get(`${hub}/${ticket._id}/comments`).set('Authorization', alice).expect(200)).body);
    expect(serialised).not.toContain('INTERNAL');
    expect(serialised).not.toContain('Tier 2');
    expect(serialised).not.toContain('assignee');
    expect(serialised).not.toContain('"isInternal":true');
    expect(read1.firstResponseAt).toEqual(expect.any(String));
  });

  it('a reply on a PENDING_CUSTOMER ticket moves it back to IN_PROGRESS, recorded in history', async () => {
    const ticket = await file(alice, 'Need info');
    await move(ticket._id, 'IN_PROGRESS');
    await move(ticket._id, 'PENDING_CUSTOMER');
    const reply = (
      await api().post(`${hub}/${ticket._id}/comments`).set('Authorization', alice).send({ text: 'Here is the info' }).expect(201)
    ).body as Record<string, unknown>;
    expect(reply).toMatchObject({ authorType: 'REQUESTER', text: 'Here is the info' });
    const after = await read(alice, ticket._id);
    expect(after.status).toBe('IN_PROGRESS');
    expect(after.firstResponseAt).toBeNull();
    const history = (await api().get(`${adminBase}/${ticket._id}/history`).set('Authorization', admin).expect(200)).body as Array<
      Record<string, unknown>
    >;
    expect(history.at(-1)).toMatchObject({
      action: 'STATUS_CHANGED',
      oldValue: 'PENDING_CUSTOMER',
      newValue: 'IN_PROGRESS',
      actorType: 'REQUESTER',
      note: 'customer replied',
    });
    // A reply on an IN_PROGRESS ticket changes nothing.
    await api().post(`${hub}/${ticket._id}/comments`).set('Authorization', alice).send({ text: 'One more thing' }).expect(201);
    expect((await read(alice, ticket._id)).status).toBe('IN_PROGRESS');
    const comments = (await api().get(`${adminBase}/${ticket._id}/comments`).set('Authorization', admin).expect(200)).body as Array<
      Record<string, unknown>
    >;
    expect(comments.map((comment) => [comment['authorType'], comment['isInternal']])).toEqual([
      ['REQUESTER', false],
      ['REQUESTER', false],
    ]);
    // Requester replies are searchable like other public comments.
    const found = (await api().get(adminBase).query({ q: 'info' }).set('Authorization', admin).expect(200)).body as Page;
    expect(found.items.map((item) => item._id)).toContain(ticket._id);
  });

  it('confirming a RESOLVED ticket closes it; anything else is 409', async () => {
    const ticket = await file(alice, 'Please fix');
    const early = await api().post(`${hub}/${ticket._id}/confirm`).set('Authorization', alice).expect(409);
    expect((early.body as { message: string }).message).toBe('Only a RESOLVED service request can be confirmed; this one is NEW');
    await move(ticket._id, 'IN_PROGRESS');
    await move(ticket._id, 'RESOLVED');
    const closed = (await api().post(`${hub}/${ticket._id}/confirm`).set('Authorization', alice).expect(200)).body as HubTicket;
    expect(closed).toMatchObject({ status: 'CLOSED', closedAt: expect.any(String), resolvedAt: expect.any(String) });
    await api().post(`${hub}/${ticket._id}/confirm`).set('Authorization', alice).expect(409);
    await api().post(`${hub}/${ticket._id}/comments`).set('Authorization', alice).send({ text: 'thanks' }).expect(409);
  });

  it('hides soft-deleted tickets from the requester', async () => {
    const ticket = await file(alice, 'To be deleted');
    await api().delete(`${adminBase}/${ticket._id}`).set('Authorization', admin).expect(200);
    await api().get(`${hub}/${ticket._id}`).set('Authorization', alice).expect(404);
    const page = (await api().get(hub).set('Authorization', alice).query({ limit: '100' }).expect(200)).body as Page;
    expect(page.items.map((item) => item._id)).not.toContain(ticket._id);
  });
});
