import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { mailHeader, mailPartText, type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { enqueueOutbox, type OutboxMessage } from '@teamfit/outbox';
import {
  expectBadRequest,
  ISO_TIMESTAMP,
  type RunningTestService,
  startTestService,
  TEST_ADMIN_ACCOUNT,
  TestTokens,
  UNKNOWN_UUID,
  UUID,
} from '@teamfit/platform/testing';
import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';
import { type ReceivedWebhook, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.fixture';

const ORGANISATION_A = '5d7f7c43-8a4e-4b7c-9b3f-0e6c2d1a9f88';
const ORGANISATION_B = '0a3e5c1d-7b2f-4e9a-8c6d-1f2e3d4c5b6a';

interface Subscription {
  id: string;
  url: string;
  events: string[];
  organisationId: string | null;
  enabled: boolean;
  disabledAt: string | null;
  failingSince: string | null;
  secret?: string;
}

interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  event: unknown;
  status: string;
  attempts: Array<{
    attempt: number;
    attemptedAt: string;
    succeeded: boolean;
    responseStatus: number | null;
    durationMs: number;
    error: string | null;
  }>;
}

/**
 * Webhook subscriptions and the dispatcher against a real receiver, a real SMTP listener and
 * PostgreSQL (docs/integrations.md, "Webhooks"). Private targets are allowed (the receiver is on
 * loopback) and retries come after 50 ms, as WEBHOOK_RETRY_DELAYS_MS lets tests set them.
 */
describe('organisation service: webhooks', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  const member = `Bearer ${tokens.account()}`;
  let database: TestDatabase;
  let service: RunningTestService;
  let smtp: SmtpListener;
  let receiver: WebhookReceiver;
  let client: Client;
  let events: ReturnType<typeof openTestDatabase>;

  const api = () => request(service.url);
  const subscribe = async (body: Record<string, unknown>): Promise<Subscription> =>
    (await api().post('/webhooks').set('Authorization', admin).send(body).expect(201)).body as Subscription;
  const deliveriesOf = async (id: string): Promise<Delivery[]> =>
    ((await api().get(`/webhooks/${id}/deliveries?limit=100`).set('Authorization', admin).expect(200)).body as { items: Delivery[] }).items;
  /** An event written as the services write them: in a transaction of their own, through @teamfit/outbox. */
  const emit = (message: OutboxMessage) => events.db.transaction((tx) => enqueueOutbox(tx, message));
  const completed = (evaluationId: string, organisationId: string | null = ORGANISATION_A): OutboxMessage => ({
    type: 'evaluation.completed',
    organisationId,
    data: {
      evaluationId,
      personaId: UNKNOWN_UUID,
      teamId: 1,
      overallScore: 71,
      overallCategory: 'HIGH',
      completedAt: '2026-11-27T06:00:00.000Z',
    },
  });
  const forEvaluation = (evaluationId: string) => (hook: ReceivedWebhook) =>
    hook.body !== '' && (JSON.parse(hook.body) as { data: { evaluationId?: string } }).data.evaluationId === evaluationId;

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpListener();
    receiver = await startWebhookReceiver();
    service = await startTestService('organisation', organisationAppModule, {
      databaseUrl: database.serviceUrl,
      migrationDatabaseUrl: database.url,
      keys: tokens.keys,
      env: { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'on', WEBHOOK_RETRY_DELAYS_MS: '50,50,50' },
    });
    client = new Client({ connectionString: database.url });
    await client.connect();
    events = openTestDatabase(database.serviceUrl);
  });

  afterAll(async () => {
    await service?.close();
    await events?.close();
    await client?.end();
    await receiver?.close();
    await smtp?.close();
    await database?.drop();
  });

  beforeEach(async () => {
    await client.query('DELETE FROM organisation.webhook_subscriptions');
    await client.query('DELETE FROM organisation.outbox_messages');
    receiver.received.length = 0;
    receiver.answer = () => ({ status: 200 });
  });

  it('makes, lists, reads, changes and deletes subscriptions, showing the secret only when made', async () => {
    const made = await subscribe({ url: receiver.url, events: ['evaluation.completed'], description: 'ATS' });
    expect(made).toMatchObject({
      id: expect.stringMatching(UUID),
      url: receiver.url,
      events: ['evaluation.completed'],
      organisationId: null,
      enabled: true,
    });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((made as unknown as { createdBy: string }).createdBy).toBe(TEST_ADMIN_ACCOUNT.id);

    const read = (await api().get(`/webhooks/${made.id}`).set('Authorization', admin).expect(200)).body as Subscription;
    expect(read).not.toHaveProperty('secret');
    expect(read).toMatchObject({ id: made.id, url: receiver.url });
    const page = (await api().get('/webhooks').set('Authorization', admin).expect(200)).body as { items: Subscription[]; total: number };
    expect(page).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(page.items[0]).not.toHaveProperty('secret');

    const changed = (
      await api()
        .patch(`/webhooks/${made.id}`)
        .set('Authorization', admin)
        .send({ events: ['*'], organisationId: ORGANISATION_A })
        .expect(200)
    ).body as Subscription;
    expect(changed).toMatchObject({ events: ['*'], organisationId: ORGANISATION_A, url: receiver.url });

    await api().delete(`/webhooks/${made.id}`).set('Authorization', admin).expect(200, { message: 'Webhook subscription deleted' });
    await api().get(`/webhooks/${made.id}`).set('Authorization', admin).expect(404);
  });

  it('refuses non-administrators and bad input with the platform error body', async () => {
    await api().get('/webhooks').set('Authorization', member).expect(403);
    await api()
      .post('/webhooks')
      .send({ url: receiver.url, events: ['*'] })
      .expect(401);
    expectBadRequest(
      (
        await api()
          .post('/webhooks')
          .set('Authorization', admin)
          .send({ url: receiver.url, events: ['evaluation.nope'] })
          .expect(400)
      ).body,
      'events',
    );
    expectBadRequest(
      (await api().post('/webhooks').set('Authorization', admin).send({ url: receiver.url, events: [] }).expect(400)).body,
      'events',
    );
    expectBadRequest(
      (
        await api()
          .post('/webhooks')
          .set('Authorization', admin)
          .send({ url: receiver.url, events: ['*', 'persona.erased'] })
          .expect(400)
      ).body,
      'events must be ["*"]',
    );
    expectBadRequest(
      (
        await api()
          .post('/webhooks')
          .set('Authorization', admin)
          .send({ url: 'ftp://x.test/', events: ['*'] })
          .expect(400)
      ).body,
      'url',
    );
    expectBadRequest((await api().get('/webhooks/not-a-uuid').set('Authorization', admin).expect(400)).body, 'id must be a UUID');
    await api().get(`/webhooks/${UNKNOWN_UUID}/deliveries`).set('Authorization', admin).expect(404);
  });

  it('delivers a matching event signed per Standard Webhooks, verified by the standardwebhooks package, and lists the attempt', async () => {
    const subscription = await subscribe({ url: receiver.url, events: ['evaluation.completed'], organisationId: ORGANISATION_A });
    // Neither another type, nor another organisation's event, reaches it.
    await emit({
      type: 'persona.erased',
      organisationId: ORGANISATION_A,
      data: { personaId: UNKNOWN_UUID, erasedAt: '2026-11-27T06:00:00.000Z' },
    });
    await emit(completed('other-organisation', ORGANISATION_B));
    await emit(completed('e-1'));
    const [hook] = await receiver.until((all) => all.some(forEvaluation('e-1')));
    await waitFor(async () => (await deliveriesOf(subscription.id))[0]?.status === 'delivered');
    expect(receiver.received).toHaveLength(1);
    expect(hook?.method).toBe('POST');
    expect(hook?.headers['content-type']).toBe('application/json');
    const verified = new Webhook(subscription.secret ?? '').verify(hook?.body ?? '', {
      'webhook-id': hook?.id ?? '',
      'webhook-timestamp': hook?.timestamp ?? '',
      'webhook-signature': hook?.signature ?? '',
    });
    expect(verified).toEqual({
      type: 'evaluation.completed',
      timestamp: expect.stringMatching(ISO_TIMESTAMP),
      data: completed('e-1').data,
    });
    expect(() =>
      new Webhook(subscription.secret ?? '').verify(`${hook?.body} `, { ...(hook?.headers as Record<string, string>) }),
    ).toThrow();

    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({ eventId: hook?.id, eventType: 'evaluation.completed', status: 'delivered', event: verified });
    expect(delivery?.attempts).toEqual([
      {
        attempt: 1,
        attemptedAt: expect.stringMatching(ISO_TIMESTAMP),
        succeeded: true,
        responseStatus: 200,
        durationMs: expect.any(Number),
        error: null,
      },
    ]);
  });

  it('retries a failing receiver with the same webhook-id and body until a 2xx, and redelivers on request', async () => {
    const subscription = await subscribe({ url: receiver.url, events: ['*'] });
    receiver.answer = (_hook, index) => ({ status: index < 2 ? 503 : 204 });
    await emit(completed('e-retry'));
    const hooks = await receiver.until((all) => all.length >= 3);
    expect(new Set(hooks.map((hook) => hook.id)).size).toBe(1);
    expect(new Set(hooks.map((hook) => hook.body)).size).toBe(1);
    await waitFor(async () => (await deliveriesOf(subscription.id))[0]?.status === 'delivered');
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery?.attempts.map(({ attempt, succeeded, responseStatus }) => ({ attempt, succeeded, responseStatus }))).toEqual([
      { attempt: 1, succeeded: false, responseStatus: 503 },
      { attempt: 2, succeeded: false, responseStatus: 503 },
      { attempt: 3, succeeded: true, responseStatus: 204 },
    ]);
    expect(delivery?.attempts[0]?.error).toBe('answered 503, not a 2xx');

    await api().post(`/webhooks/${subscription.id}/deliveries/${delivery?.id}/redeliver`).set('Authorization', admin).expect(202);
    const again = await receiver.until((all) => all.length >= 4);
    expect(again[3]?.id).toBe(hooks[0]?.id);
    expect(again[3]?.body).toBe(hooks[0]?.body);
    await api().post(`/webhooks/${subscription.id}/deliveries/${UNKNOWN_UUID}/redeliver`).set('Authorization', admin).expect(404);
  });

  it('gives up after the last retry of the schedule and records every failure', async () => {
    const subscription = await subscribe({ url: receiver.url, events: ['*'] });
    receiver.answer = () => ({ status: 500 });
    await emit(completed('e-fails'));
    await waitFor(async () => (await deliveriesOf(subscription.id))[0]?.status === 'failed');
    const [delivery] = await deliveriesOf(subscription.id);
    // The first attempt and the three retries WEBHOOK_RETRY_DELAYS_MS gives.
    expect(delivery?.attempts.map((attempt) => attempt.attempt)).toEqual([1, 2, 3, 4]);
    expect(receiver.received).toHaveLength(4);
    // Paused, so that the requeued delivery stays pending while the second request comes.
    await api().patch(`/webhooks/${subscription.id}`).set('Authorization', admin).send({ enabled: false }).expect(200);
    const refused = await api()
      .post(`/webhooks/${subscription.id}/deliveries/${delivery?.id}/redeliver`)
      .set('Authorization', admin)
      .expect(202);
    expect(refused.body).toMatchObject({ id: delivery?.id, status: 'pending' });
    await api().post(`/webhooks/${subscription.id}/deliveries/${delivery?.id}/redeliver`).set('Authorization', admin).expect(409);
  });

  it('signs with the old secret alongside the new one for a day after a rotation, then with the new one only', async () => {
    const subscription = await subscribe({ url: receiver.url, events: ['*'] });
    const rotated = (await api().post(`/webhooks/${subscription.id}/rotate-secret`).set('Authorization', admin).expect(200))
      .body as Subscription & {
      previousSecretExpiresAt: string;
    };
    expect(rotated.secret).not.toBe(subscription.secret);
    const overlapHours = (Date.parse(rotated.previousSecretExpiresAt) - Date.now()) / 3_600_000;
    expect(overlapHours).toBeGreaterThan(23.9);
    expect(overlapHours).toBeLessThanOrEqual(24);
    await emit(completed('e-rotated'));
    const [hook] = await receiver.until((all) => all.length === 1);
    const headers = {
      'webhook-id': hook?.id ?? '',
      'webhook-timestamp': hook?.timestamp ?? '',
      'webhook-signature': hook?.signature ?? '',
    };
    expect(hook?.signature.split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.secret ?? '').verify(hook?.body ?? '', headers)).toMatchObject({ type: 'evaluation.completed' });
    expect(new Webhook(subscription.secret ?? '').verify(hook?.body ?? '', headers)).toMatchObject({ type: 'evaluation.completed' });

    // A day later (the expiry moved into the past rather than waited for): the old secret no longer signs.
    await client.query(`UPDATE organisation.webhook_subscriptions SET previous_secret_expires_at = now() - interval '1 second'`);
    await emit(completed('e-after-overlap'));
    const [, later] = await receiver.until((all) => all.length === 2);
    const laterHeaders = {
      'webhook-id': later?.id ?? '',
      'webhook-timestamp': later?.timestamp ?? '',
      'webhook-signature': later?.signature ?? '',
    };
    expect(later?.signature.split(' ')).toHaveLength(1);
    expect(() => new Webhook(subscription.secret ?? '').verify(later?.body ?? '', laterHeaders)).toThrow();
    expect(new Webhook(rotated.secret ?? '').verify(later?.body ?? '', laterHeaders)).toMatchObject({ type: 'evaluation.completed' });
  });

  it('does not follow a redirect (to a private address or anywhere): the attempt is a recorded failure', async () => {
    const inside = await startWebhookReceiver();
    try {
      const subscription = await subscribe({ url: receiver.url, events: ['*'] });
      receiver.answer = (_hook, index) =>
        index === 0 ? { status: 307, location: 'http://169.254.169.254/latest/meta-data/' } : { status: 302, location: inside.url };
      await emit(completed('e-redirect'));
      await waitFor(async () => ((await deliveriesOf(subscription.id))[0]?.attempts.length ?? 0) >= 2);
      const [delivery] = await deliveriesOf(subscription.id);
      expect(delivery?.attempts.slice(0, 2).map(({ succeeded, responseStatus, error }) => ({ succeeded, responseStatus, error }))).toEqual([
        { succeeded: false, responseStatus: 307, error: 'answered 307, a redirect, which is not followed' },
        { succeeded: false, responseStatus: 302, error: 'answered 302, a redirect, which is not followed' },
      ]);
      expect(inside.received).toEqual([]);
    } finally {
      await inside.close();
    }
  });

  it('sends a callback as one body-less PATCH to its URL, retried like events, to no subscription', async () => {
    const subscription = await subscribe({ url: `${receiver.url}/events`, events: ['*'] });
    receiver.answer = (hook, index) => ({ status: index === 0 && hook.method === 'PATCH' ? 500 : 200 });
    await emit({
      type: 'greenhouse.completed',
      organisationId: ORGANISATION_A,
      data: {},
      callback: { method: 'PATCH', url: `${receiver.url}/callback/42` },
    });
    const hooks = await receiver.until((all) => all.filter((hook) => hook.method === 'PATCH').length >= 2);
    const patches = hooks.filter((hook) => hook.method === 'PATCH');
    expect(patches.map((hook) => ({ path: hook.path, body: hook.body, signature: hook.signature }))).toEqual([
      { path: '/hooks/callback/42', body: '', signature: '' },
      { path: '/hooks/callback/42', body: '', signature: '' },
    ]);
    expect(patches[0]?.id).toBe(patches[1]?.id);
    expect(hooks.filter((hook) => hook.method === 'POST')).toEqual([]);
    expect(await deliveriesOf(subscription.id)).toEqual([]);
  });

  it("disables a subscription failing without a break for 5 days and e-mails its organisation's administrators", async () => {
    const subscription = await subscribe({ url: receiver.url, events: ['*'] });
    receiver.answer = () => ({ status: 500 });
    await emit(completed('e-failing-1'));
    await waitFor(async () => (await deliveriesOf(subscription.id))[0]?.status === 'failed');
    const failing = (await api().get(`/webhooks/${subscription.id}`).set('Authorization', admin).expect(200)).body as Subscription;
    expect(failing).toMatchObject({ enabled: true, failingSince: expect.stringMatching(ISO_TIMESTAMP) });
    expect(smtp.messages).toEqual([]);

    // Five days and a bit of failures, written into the row rather than waited for.
    await client.query(`UPDATE organisation.webhook_subscriptions SET failing_since = now() - interval '5 days 1 minute' WHERE id = $1`, [
      subscription.id,
    ]);
    await emit(completed('e-failing-2'));
    const mail = await smtp.latestTo(TEST_ADMIN_ACCOUNT.emailAddress);
    expect(mailHeader(mail, 'subject')).toBe('[Teamfit] Webhook subscription disabled after failing for 5 days');
    expect(mailPartText(mail, 'text/plain')).toContain(subscription.id);
    const disabled = (await api().get(`/webhooks/${subscription.id}`).set('Authorization', admin).expect(200)).body as Subscription;
    expect(disabled).toMatchObject({ enabled: false, disabledAt: expect.stringMatching(ISO_TIMESTAMP) });

    // Disabled: new events are not queued for it; enabled again, the failure run starts afresh.
    const before = receiver.received.length;
    await emit(completed('e-while-disabled'));
    await waitFor(
      async () => (await client.query(`SELECT 1 FROM organisation.outbox_messages WHERE fanned_out_at IS NULL`)).rowCount === 0,
    );
    expect(receiver.received.length).toBe(before);
    receiver.answer = () => ({ status: 200 });
    const enabled = (await api().patch(`/webhooks/${subscription.id}`).set('Authorization', admin).send({ enabled: true }).expect(200))
      .body as Subscription;
    expect(enabled).toMatchObject({ enabled: true, disabledAt: null, failingSince: null });
    await emit(completed('e-enabled'));
    await receiver.until((all) => all.some(forEvaluation('e-enabled')));
    expect(smtp.messages).toHaveLength(1);
  });
});

/** Polls `condition` until it holds (fails after 30 s). */
async function waitFor(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
