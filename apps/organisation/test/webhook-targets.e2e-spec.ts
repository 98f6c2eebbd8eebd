import { openTestDatabase } from '@teamfit/database/testing';
import { enqueueOutbox } from '@teamfit/outbox';
import { expectBadRequest, serviceUnderTest, TEST_ADMIN_ACCOUNT } from '@teamfit/platform/testing';
import { Client } from 'pg';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.fixture';

/**
 * The target policy as deployed (WEBHOOK_ALLOW_PRIVATE_TARGETS off): https on public addresses
 * only, a clear 400 when subscribing, and a recorded failure, the target never contacted, when a
 * stored URL's host points at a private address at delivery time (a name that resolved elsewhere
 * when it was checked: DNS rebinding).
 */
describe('webhook targets: private addresses and http refused', () => {
  const platform = serviceUnderTest('organisation', organisationAppModule);
  let receiver: WebhookReceiver;
  let client: Client;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    client = new Client({ connectionString: platform.database.url });
    // serviceUnderTest's clean-up, declared first, drops the database (and this connection) before ours runs.
    client.on('error', () => undefined);
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await receiver?.close();
  });

  const subscribe = (url: string) =>
    request(platform.url)
      .post('/webhooks')
      .set('Authorization', platform.admin)
      .send({ url, events: ['*'] });

  it.each([
    ['http://93.184.215.14/hooks', 'url must be an https URL'],
    ['https://127.0.0.1/hooks', "url's host 127.0.0.1 resolves to 127.0.0.1, which is not a public address"],
    ['https://localhost/hooks', 'which is not a public address'],
    ['https://10.0.0.7/hooks', 'resolves to 10.0.0.7, which is not a public address'],
    ['https://192.168.1.20:8443/hooks', 'resolves to 192.168.1.20, which is not a public address'],
    ['https://169.254.169.254/latest/meta-data/', 'resolves to 169.254.169.254, which is not a public address'],
    ['https://[::1]/hooks', 'resolves to ::1, which is not a public address'],
    ['https://[::ffff:127.0.0.1]/hooks', 'which is not a public address'],
    ['https://user:password@93.184.215.14/hooks', 'url must not carry a user name or password'],
  ])('refuses %s with a 400 naming the reason', async (url, reason) => {
    expectBadRequest((await subscribe(url).expect(400)).body, reason);
  });

  it('refuses a private address given by PATCH too', async () => {
    const [row] = (
      await client.query<{ id: string }>(
        `INSERT INTO organisation.webhook_subscriptions (url, events, secret, created_by) VALUES ('https://93.184.215.14/hooks', '{*}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw9wHaUs+0mnc=', $1) RETURNING id`,
        [TEST_ADMIN_ACCOUNT.id],
      )
    ).rows;
    const refused = await request(platform.url)
      .patch(`/webhooks/${row?.id}`)
      .set('Authorization', platform.admin)
      .send({ url: `https://127.0.0.1:${receiver.port}/hooks` })
      .expect(400);
    expectBadRequest(refused.body, 'not a public address');
    await client.query('DELETE FROM organisation.webhook_subscriptions');
  });

  it('checks the address again when it connects: a stored URL on a private address is a recorded failure, never contacted', async () => {
    // As a subscription made while its name resolved to a public address would be stored.
    const [row] = (
      await client.query<{ id: string }>(
        `INSERT INTO organisation.webhook_subscriptions (url, events, secret, created_by) VALUES ($1, '{*}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw9wHaUs+0mnc=', $2) RETURNING id`,
        [`https://localhost:${receiver.port}/hooks`, TEST_ADMIN_ACCOUNT.id],
      )
    ).rows;
    const events = openTestDatabase(platform.database.serviceUrl);
    try {
      await events.db.transaction((tx) => enqueueOutbox(tx, { type: 'persona.erased', organisationId: null, data: { personaId: 'p' } }));
    } finally {
      await events.close();
    }
    const deadline = Date.now() + 30_000;
    let attempts: Array<{ succeeded: boolean; responseStatus: number | null; error: string | null }> = [];
    while (attempts.length === 0) {
      if (Date.now() > deadline) throw new Error('no attempt was recorded within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
      const page = await request(platform.url).get(`/webhooks/${row?.id}/deliveries`).set('Authorization', platform.admin).expect(200);
      attempts = (page.body as { items: Array<{ attempts: typeof attempts }> }).items[0]?.attempts ?? [];
    }
    expect(attempts[0]).toMatchObject({
      succeeded: false,
      responseStatus: null,
      error: expect.stringMatching(/^refused: url's host localhost resolves to .*which is not a public address$/),
    });
    expect(receiver.received).toEqual([]);
  });
});
