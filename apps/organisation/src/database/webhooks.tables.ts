import { organisationSchema } from '@teamfit/accounts';
import { outboxMessages } from '@teamfit/outbox';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Webhook subscriptions (docs/integrations.md, "Webhooks"). `events` lists event types, or is
 * `{*}` for every type, those added later too. `secret` is the signing secret (`whsec_…`), kept as
 * issued because signing needs it (docs/adr/0087-webhook-targets-and-signing.md); after a rotation
 * `previousSecret` signs alongside it until `previousSecretExpiresAt`. `failingSince` is the first
 * failed attempt of the current run of failures (null after any success); a subscription failing
 * for too long is disabled (`disabledAt`).
 */
export const webhookSubscriptions = organisationSchema.table(
  'webhook_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    organisationId: uuid('organisation_id'),
    description: text('description'),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: stamp('previous_secret_expires_at'),
    enabled: boolean('enabled').notNull().default(true),
    failingSince: stamp('failing_since'),
    disabledAt: stamp('disabled_at'),
    /** The account that made it; its organisation's administrators hear of a disabling when it has no scope. */
    createdBy: uuid('created_by').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (table) => [index('webhook_subscriptions_created_idx').on(table.createdAt, table.id)],
);

/**
 * One delivery per outbox message and subscription (or one per callback message, without a
 * subscription): what must reach one URL, however many attempts it takes. The dispatcher claims a
 * due delivery by setting `leaseId` and `leasedUntil` (rows locked with SKIP LOCKED), so one
 * attempt is made by one dispatcher; the outcome is recorded only under the same lease.
 */
export const webhookDeliveries = organisationSchema.table(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    /** A callback's URL; a subscription's deliveries go to the subscription's URL of the moment. */
    callbackUrl: text('callback_url'),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    /** Attempts made so far, ever; numbers the attempts. */
    attempts: integer('attempts').notNull().default(0),
    /** Failed attempts since the delivery was last queued (made, or redelivered): the step of the retry schedule. */
    failedInRow: integer('failed_in_row').notNull().default(0),
    nextAttemptAt: stamp('next_attempt_at').notNull().defaultNow(),
    leaseId: uuid('lease_id'),
    leasedUntil: stamp('leased_until'),
    deliveredAt: stamp('delivered_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_message_subscription_key').on(table.messageId, table.subscriptionId),
    uniqueIndex('webhook_deliveries_callback_key')
      .on(table.messageId)
      .where(sql`${table.subscriptionId} IS NULL`),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_subscription_idx').on(table.subscriptionId, table.createdAt, table.id),
  ],
);

/** Every attempt of a delivery, as its deliveries list shows it: when, the outcome, the answer's status code and the time taken. */
export const webhookDeliveryAttempts = organisationSchema.table(
  'webhook_delivery_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: stamp('attempted_at').notNull(),
    succeeded: boolean('succeeded').notNull(),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms').notNull(),
    /** Why it failed, in the platform's words (a refused address, a timeout, a redirect not followed); null when it succeeded. */
    error: text('error'),
  },
  (table) => [index('webhook_delivery_attempts_delivery_idx').on(table.deliveryId, table.attempt)],
);

export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookDeliveryAttemptRow = typeof webhookDeliveryAttempts.$inferSelect;
