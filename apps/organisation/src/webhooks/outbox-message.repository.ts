import { Injectable } from '@nestjs/common';
import type { Executor } from '@teamfit/database';
import { outboxMessages } from '@teamfit/outbox';
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { webhookDeliveries } from '../database/webhooks.tables';

/** What an erased persona's id becomes in the outbox. */
export const ERASED_ID = '[erased]';

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
   * Deletes those of `ids` that got no delivery (no subscription wanted them): nothing is kept of
   * an event nobody receives, so an event naming a persona outlives its fan-out only while it is
   * to be delivered (docs/privacy.md, "What is stored where").
   */
  async deleteUndelivered(tx: Executor, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .delete(outboxMessages)
      .where(
        and(
          inArray(outboxMessages.id, ids),
          sql`NOT EXISTS (SELECT 1 FROM ${webhookDeliveries} WHERE ${webhookDeliveries.messageId} = ${outboxMessages.id})`,
        ),
      );
  }

  /**
   * A persona's erasure (this service's part): its id becomes `[erased]` in every event but its
   * own `persona.erased`, which must name it until its deliveries are settled
   * (scrubSettledErasures). Answers how many messages changed.
   */
  async scrubPersona(tx: Executor, personaId: string): Promise<number> {
    const id = personaId.toLowerCase();
    const rows = await tx
      .update(outboxMessages)
      .set({ data: sql`replace(${outboxMessages.data}::text, ${id}, ${ERASED_ID})::jsonb` })
      .where(and(sql`${outboxMessages.type} <> 'persona.erased'`, sql`${outboxMessages.data}::text LIKE ${`%${id}%`}`))
      .returning({ id: outboxMessages.id });
    return rows.length;
  }

  /** `persona.erased` messages none of whose deliveries is pending any more: the persona's id is no longer needed in them. */
  async scrubSettledErasures(tx: Executor): Promise<number> {
    const rows = await tx
      .update(outboxMessages)
      .set({ data: sql`jsonb_set(${outboxMessages.data}, '{personaId}', to_jsonb(${ERASED_ID}::text))` })
      .where(
        and(
          eq(outboxMessages.type, 'persona.erased'),
          sql`${outboxMessages.data}->>'personaId' <> ${ERASED_ID}`,
          isNotNull(outboxMessages.fannedOutAt),
          sql`NOT EXISTS (SELECT 1 FROM ${webhookDeliveries} WHERE ${webhookDeliveries.messageId} = ${outboxMessages.id} AND ${webhookDeliveries.status} = 'pending')`,
        ),
      )
      .returning({ id: outboxMessages.id });
    return rows.length;
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
