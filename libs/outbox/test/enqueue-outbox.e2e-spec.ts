import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { Client, type Notification } from 'pg';
import { OUTBOX_CHANNEL, enqueueOutbox, outboxMessages } from '../src';

/** The outbox row commits and rolls back with the change that enqueued it (docs/adr/0086-transactional-outbox-and-dispatcher.md). */
describe('enqueueOutbox', () => {
  let database: TestDatabase;
  let db: ReturnType<typeof openTestDatabase>;

  beforeAll(async () => {
    database = await createTestDatabase();
    // As the services' role: other services insert into the organisation schema with its rights.
    db = openTestDatabase(database.serviceUrl);
  });

  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('leaves nothing, and wakes nobody, when the transaction that enqueued rolls back; keeps a committed one', async () => {
    const listener = new Client({ connectionString: database.serviceUrl });
    await listener.connect();
    const woken: string[] = [];
    let resolveCommitted: () => void = () => undefined;
    const committedSeen = new Promise<void>((resolve) => (resolveCommitted = resolve));
    listener.on('notification', (message: Notification) => {
      woken.push(message.payload ?? '');
      if (woken.length === 1) resolveCommitted();
    });
    await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
    try {
      const failure = new Error('the change failed after the event was written');
      let rolledBackId = '';
      await expect(
        db.db.transaction(async (tx) => {
          await enqueueOutbox(tx, { type: 'evaluation.completed', organisationId: null, data: { evaluationId: 'e1' } });
          const [inside] = await tx.select().from(outboxMessages);
          // Written inside the transaction: the rollback, not a failed insert, is what removes it.
          expect(inside?.type).toBe('evaluation.completed');
          rolledBackId = inside?.id ?? '';
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(rolledBackId).not.toBe('');
      expect(await db.db.select().from(outboxMessages)).toEqual([]);

      const organisationId = '7b0f0a4e-2b8a-4c55-9a55-0d5b1b2d3c4e';
      await db.db.transaction(async (tx) => {
        await enqueueOutbox(tx, {
          type: 'greenhouse.completed',
          organisationId,
          data: { partnerInterviewId: 'p1' },
          callback: { method: 'PATCH', url: 'https://example.com/done' },
        });
      });
      const rows = await db.db.select().from(outboxMessages);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        type: 'greenhouse.completed',
        organisationId,
        data: { partnerInterviewId: 'p1' },
        callbackMethod: 'PATCH',
        callbackUrl: 'https://example.com/done',
        fannedOutAt: null,
      });
      // Notifications arrive in commit order: had the rolled-back one been sent, it would be first.
      await committedSeen;
      expect(woken).toEqual([rows[0]?.id]);
    } finally {
      await listener.end();
    }
  });
});
