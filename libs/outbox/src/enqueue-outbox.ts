import type { Executor } from '@teamfit/database';
import { sql } from 'drizzle-orm';
import { outboxMessages } from './outbox.table';

/** Channel the dispatcher listens on (payload: the message's id); it only wakes the dispatcher sooner, which also polls. */
export const OUTBOX_CHANNEL = 'organisation_outbox';

/**
 * An event for the matching webhook subscriptions, or, with `callback`, one body-less request to
 * one URL (retried on the same schedule, subscribed by nobody). `organisationId` is the
 * organisation the event concerns (subscriptions scoped to another organisation do not get it).
 */
export interface OutboxMessage {
  type: string;
  organisationId: string | null;
  data: Record<string, unknown>;
  callback?: { method: 'PATCH'; url: string };
}

/**
 * Writes `message` to the outbox. Call it with the transaction of the change that causes the
 * event: the message then commits or rolls back with the change, and the dispatcher (woken when
 * the transaction commits) delivers it at least once.
 */
export async function enqueueOutbox(tx: Executor, message: OutboxMessage): Promise<void> {
  // One statement (the row and its notification, which PostgreSQL sends only at commit), so the
  // transactions that emit events (an evaluation's completion among them) stay short.
  await tx.execute(sql`
    WITH message AS (
      INSERT INTO ${outboxMessages} (type, organisation_id, data, callback_method, callback_url)
      VALUES (${message.type}, ${message.organisationId}::uuid, ${JSON.stringify(message.data)}::jsonb,
              ${message.callback?.method ?? null}, ${message.callback?.url ?? null})
      RETURNING id
    )
    SELECT pg_notify(${OUTBOX_CHANNEL}, id::text) FROM message`);
}
