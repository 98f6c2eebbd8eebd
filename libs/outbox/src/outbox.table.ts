import { organisationSchema } from '@teamfit/accounts';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox (docs/adr/0086-transactional-outbox-and-dispatcher.md): one row per
 * event or callback, written in the transaction of the change that causes it, so it exists exactly
 * when the change does. A table of the organisation service, which owns subscriptions, deliveries
 * and the dispatcher; other services only insert into it, through `enqueueOutbox`, in their own
 * transaction (the one exception to docs/adr/0002-postgresql-one-schema-per-service.md).
 * `sequence` orders messages for the dispatcher; `fannedOutAt` is set once the dispatcher has
 * turned the message into its deliveries.
 */
export const outboxMessages = organisationSchema.table(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    type: text('type').notNull(),
    organisationId: uuid('organisation_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    callbackMethod: text('callback_method', { enum: ['PATCH'] }),
    callbackUrl: text('callback_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_messages_pending_idx')
      .on(table.sequence)
      .where(sql`${table.fannedOutAt} IS NULL`),
  ],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
