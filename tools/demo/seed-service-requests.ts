// A few service requests for the demo organisation, each brought to its status through the
// administrator's routes (assignment, a public comment, a change approval where it applies).
import { type DemoServiceRequest, SERVICE_REQUESTS } from './demo-data';
import type { DemoTally } from './demo-tally';
import type { GatewayClient } from './gateway-client';

export interface Ticket {
  _id: string;
  title: string;
  status: string;
  priority: string;
  assigneeId: string | null;
  typeMeta?: { change?: { approvalStatus?: string } };
}

async function bringToTarget(
  client: GatewayClient,
  tally: DemoTally,
  ticket: Ticket,
  wanted: DemoServiceRequest,
  adminAccountId: string,
): Promise<Ticket> {
  const base = `/admin/service-requests/${ticket._id}`;
  let current = ticket;
  if (wanted.assign) {
    const needed = current.assigneeId !== adminAccountId;
    if (needed)
      current = (
        await client.post<Ticket>(`${base}/assign`, { body: { assigneeId: adminAccountId, assigneeTeam: 'Support' }, expect: [200] })
      ).body;
    tally.changed(needed);
  }
  if (wanted.comment) {
    const comments = (await client.get<Array<{ text: string }>>(`${base}/comments`)).body;
    const needed = !comments.some((comment) => comment.text === wanted.comment);
    if (needed) await client.post(`${base}/comments`, { body: { text: wanted.comment, isInternal: false }, expect: [201] });
    tally.changed(needed);
  }
  if (wanted.approve) {
    const needed = current.typeMeta?.change?.approvalStatus === 'PENDING';
    if (needed)
      current = (
        await client.post<Ticket>(`${base}/approve-change`, { body: { decision: 'APPROVED', note: wanted.approve }, expect: [200] })
      ).body;
    tally.changed(needed);
  }
  // Only forward along the path from where the ticket is; a ticket someone moved elsewhere stays.
  const steps = ['NEW', ...wanted.path];
  const at = steps.indexOf(current.status);
  for (const status of at === -1 ? [] : steps.slice(at + 1)) {
    current = (await client.post<Ticket>(`${base}/status`, { body: { status }, expect: [200] })).body;
    tally.changed(true);
  }
  return current;
}

export async function seedServiceRequests(
  client: GatewayClient,
  tally: DemoTally,
  organisationId: string,
  adminAccountId: string,
): Promise<Ticket[]> {
  const existing = (await client.get<{ items: Ticket[] }>('/admin/service-requests', { query: { organisationId, limit: 100 } })).body.items;
  const tickets: Ticket[] = [];
  for (const wanted of SERVICE_REQUESTS) {
    const ticket = await tally.ensure(
      () => Promise.resolve(existing.find((candidate) => candidate.title === wanted.title)),
      async () =>
        (
          await client.post<Ticket>('/admin/service-requests', {
            body: {
              title: wanted.title,
              description: wanted.description,
              type: wanted.type,
              impact: wanted.impact,
              urgency: wanted.urgency,
              source: 'EMAIL',
              organisationId,
            },
            expect: [201],
          })
        ).body,
    );
    tickets.push(await bringToTarget(client, tally, ticket, wanted, adminAccountId));
  }
  return tickets;
}
