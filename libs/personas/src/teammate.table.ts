import { sql } from 'drizzle-orm';
import { text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { profileSchema } from './profile-schema';

/** Teammates (docs/profile.md, "Data"); `id` is a 24-hex ObjectId string, shown to clients as `_id`. */
export const teammates = profileSchema.table(
  'teammates',
  {
    id: text('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    emailAddress: text('email_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Unique across the platform, ignoring letter case; addresses are stored as given.
  (table) => [uniqueIndex('teammates_email_address_key').on(sql`lower(${table.emailAddress})`)],
);

export type TeammateRow = typeof teammates.$inferSelect;
export type NewTeammateRow = typeof teammates.$inferInsert;
