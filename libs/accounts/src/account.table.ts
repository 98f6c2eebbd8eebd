import { sql } from 'drizzle-orm';
import { boolean, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The organisation service's schema. Accounts are its table; the table is declared here, in the
 * owner's library, so that the auth service can read accounts through `AccountDirectory`
 * without SQL of its own on another service's tables.
 */
export const organisationSchema = pgSchema('organisation');

export const ACCOUNT_STATUSES = ['ACTIVE', 'BLOCKED', 'PENDING'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const accounts = organisationSchema.table(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    emailAddress: text('email_address').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    organisationId: uuid('organisation_id'),
    isAdmin: boolean('is_admin').notNull().default(false),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('accounts_email_address_key').on(sql`lower(${table.emailAddress})`)],
);

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;
