import { char, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisationSchema } from '../account.table';
import { organisations } from '../organisation.table';

/**
 * Partner API keys (docs/adr/0088-partner-api-keys.md): an organisation's credential for an
 * applicant-tracking system that calls the platform on its behalf (the Greenhouse assessment
 * partner API). The key itself is never stored: `key_hash` is the SHA-256 of it (hex), `hint`
 * its last four characters, for an administrator to tell keys apart. A revoked key keeps its row
 * (`revoked_at`), so the list still shows what was issued, when, and when it stopped working.
 * Declared in the owner's library because the evaluation service checks the keys it is called with.
 */
export const partnerApiKeys = organisationSchema.table(
  'partner_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: char('key_hash', { length: 64 }).notNull(),
    hint: text('hint').notNull(),
    /** The administrator account that made it; not a foreign key, an account may be deleted. */
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('partner_api_keys_key_hash_key').on(table.keyHash),
    index('partner_api_keys_organisation_idx').on(table.organisationId, table.createdAt),
  ],
);

export type PartnerApiKeyRow = typeof partnerApiKeys.$inferSelect;
export type NewPartnerApiKeyRow = typeof partnerApiKeys.$inferInsert;
