import { Injectable } from '@nestjs/common';
import type { Executor } from '@teamfit/database';
import { outboxMessages } from '@teamfit/outbox';
import { and, asc, inArray, isNull, lt, sql } from 'drizzle-orm';
import { webhookDeliveries } from '../database/webhooks.tables';

export interface PendingMessage {
  id: string;
  type: string;
  organisationId: string | null;
  callbackUrl: string | null;
}

/** The organisation service's gateway to `organisation.outbox_messages` (the other services only insert, through @teamfit/outbox). */
@Injectable()
export class OutboxMessageRepository {
  /** Messages not yet turned into deliveries, oldest first, locked: two dispatchers never fan one message out at once. */
  claimPending(tx: Executor, limit: number): Promise<PendingMessage[]> {
    return tx
      .select({
        id: outboxMessages.id,
        type: outboxMessages.type,
        organisationId: outboxMessages.organisationId,
        callbackUrl: outboxMessages.callbackUrl,
      })
      .from(outboxMessages)
      .where(isNull(outboxMessages.fannedOutAt))
      .orderBy(asc(outboxMessages.sequence))
      .limit(limit)
      .for('update', { skipLocked: true });
  }

  async markFannedOut(tx: Executor, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(outboxMessages)
      .set({ fannedOutAt: sql`now()` })
      .where(inArray(outboxMessages.id, ids));
  }

  /**
   * Forgets messages older than `retentionMs` none of whose deliveries is still pending (their
   * deliveries and attempts go with them): the outbox and the deliveries list are a record of
   * weeks, not forever (docs/operations.md, "Webhook dispatcher").
   */
  async deleteSettledBefore(tx: Executor, retentionMs: number, limit: number): Promise<number> {
    const old = tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(
          lt(outboxMessages.createdAt, sql`now() - make_interval(secs => ${retentionMs / 1000})`),
          sql`NOT EXISTS (SELECT 1 FROM ${webhookDeliveries} WHERE ${webhookDeliveries.messageId} = ${outboxMessages.id} AND ${webhookDeliveries.status} = 'pending')`,
        ),
      )
      .limit(limit);
    const deleted = await tx.delete(outboxMessages).where(inArray(outboxMessages.id, old)).returning({ id: outboxMessages.id });
    return deleted.length;
  }
}
