import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { enqueueOutbox } from '@teamfit/outbox';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import { Client } from 'pg';
import request from 'supertest';
import { type ServiceProcess, startServiceProcess } from '../../../tools/testing/service-process.fixture';
import { organisationAppModule } from '../src/organisation-app.module';
import { DISPATCH_CONCURRENCY } from '../src/webhooks/webhook-dispatcher';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.fixture';

const EVENTS = 1_000;
const PRIVATE_TARGETS = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'on' };

/**
 * Delivery that loses nothing (docs/adr/0086-transactional-outbox-and-dispatcher.md): events
 * committed while the organisation service is killed mid-delivery all arrive once it runs again,
 * and two dispatchers on one database never make one attempt twice.
 */
describe('webhook dispatcher: crashes and concurrency', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  let database: TestDatabase;
  let client: Client;
  let receiver: WebhookReceiver;
  let events: ReturnType<typeof openTestDatabase>;

  /** `count` events, 100 to a transaction, as services write them. */
  const emit = async (count: number, prefix: string): Promise<void> => {
    for (let start = 0; start < count; start += 100) {
      await events.db.transaction(async (tx) => {
        for (let index = start; index < Math.min(start + 100, count); index++) {
          await enqueueOutbox(tx, { type: 'persona.erased', organisationId: null, data: { personaId: `${prefix}-${index}` } });
        }
      });
    }
  };
  const messageIds = async (): Promise<string[]> =>
    (await client.query<{ id: string }>('SELECT id FROM organisation.outbox_messages ORDER BY id')).rows.map((row) => row.id);
  const distinct = (): Set<string> => new Set(receiver.received.map((hook) => hook.id));
  /** Until every delivery's outcome is recorded (the receiver has answered before the dispatcher writes it). */
  const settled = async (): Promise<void> => {
    const deadline = Date.now() + 30_000;
    while ((await client.query(`SELECT 1 FROM organisation.webhook_deliveries WHERE status <> 'delivered' LIMIT 1`)).rowCount !== 0) {
      if (Date.now() > deadline) throw new Error('deliveries still pending after 30 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    events = openTestDatabase(database.serviceUrl);
    receiver = await startWebhookReceiver();
  });

  afterAll(async () => {
    await events?.close();
    await client?.end();
    await receiver?.close();
    await database?.drop();
  });

  beforeEach(async () => {
    await client.query('DELETE FROM organisation.webhook_subscriptions');
    await client.query('DELETE FROM organisation.outbox_messages');
    receiver.received.length = 0;
  });

  it('delivers every one of 1,000 events although the service is killed mid-delivery and started again', async () => {
    let first: ServiceProcess | undefined = await startServiceProcess('organisation', database.url, tokens.keys, PRIVATE_TARGETS);
    let second: ServiceProcess | undefined;
    try {
      await request(first.url)
        .post('/webhooks')
        .set('authorization', admin)
        .send({ url: receiver.url, events: ['*'] })
        .expect(201);
      // Slow answers, so that attempts are under way when the process dies.
      receiver.delayMs = 5;
      await emit(EVENTS, 'crash');
      await receiver.until(() => distinct().size >= EVENTS / 5, 60_000, 'a fifth of the events');
      await first.kill();
      first = undefined;
      const deliveredBefore = distinct().size;
      expect(deliveredBefore).toBeLessThan(EVENTS);

      // The dead process's leases would run out after 60 s: written into the rows rather than waited for.
      // Some there are: the process died with attempts claimed and under way.
      const leased = await client.query(
        `UPDATE organisation.webhook_deliveries SET leased_until = now() - interval '1 second' WHERE leased_until IS NOT NULL`,
      );
      expect(leased.rowCount).toBeGreaterThan(0);
      second = await startServiceProcess('organisation', database.url, tokens.keys, PRIVATE_TARGETS);
      await receiver.until(() => distinct().size === EVENTS, 120_000, 'all 1,000 events');

      expect([...distinct()].sort()).toEqual(await messageIds());
      await settled();
      expect((await client.query(`SELECT status, count(*)::int AS n FROM organisation.webhook_deliveries GROUP BY status`)).rows).toEqual([
        { status: 'delivered', n: EVENTS },
      ]);
      // At least once: only an attempt under way when the process died can have arrived twice.
      const duplicates = receiver.received.length - EVENTS;
      expect(duplicates).toBeGreaterThanOrEqual(0);
      expect(duplicates).toBeLessThanOrEqual(DISPATCH_CONCURRENCY);
    } finally {
      receiver.delayMs = 0;
      await first?.kill();
      await second?.stop();
    }
  });

  it('never has two dispatchers make one attempt: each event arrives exactly once', async () => {
    const instances: RunningTestService[] = [];
    try {
      for (let index = 0; index < 2; index++) {
        instances.push(
          await startTestService('organisation', organisationAppModule, {
            databaseUrl: database.serviceUrl,
            migrationDatabaseUrl: database.url,
            keys: tokens.keys,
            env: PRIVATE_TARGETS,
          }),
        );
      }
      await request(instances[0]?.url ?? '')
        .post('/webhooks')
        .set('authorization', admin)
        .send({ url: receiver.url, events: ['*'] })
        .expect(201);
      receiver.delayMs = 2;
      await emit(500, 'pair');
      await receiver.until(() => distinct().size === 500, 60_000, 'all 500 events');
      await settled();
      expect(receiver.received).toHaveLength(500);
      expect((await client.query(`SELECT count(*)::int AS n FROM organisation.webhook_delivery_attempts`)).rows).toEqual([{ n: 500 }]);
      expect((await client.query(`SELECT count(*)::int AS n FROM organisation.webhook_deliveries WHERE attempts <> 1`)).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      receiver.delayMs = 0;
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});
