import { personas, profileSchema } from '@teamfit/personas';
import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const EMAIL_CHANGE_FIELDS = ['emailAddress', 'user.emailAddress'] as const;
export type EmailChangeField = (typeof EMAIL_CHANGE_FIELDS)[number];

/**
 * An address a persona asked to use and has not yet proven: at most one per persona (a new request
 * replaces it). The code is stored only as an HMAC keyed by its salt, as sign-in codes are.
 */
export const personaEmailChanges = profileSchema.table('persona_email_changes', {
  personaId: uuid('persona_id')
    .primaryKey()
    .references(() => personas.id, { onDelete: 'cascade' }),
  field: text('field', { enum: EMAIL_CHANGE_FIELDS }).notNull(),
  newAddress: text('new_address').notNull(),
  otpHash: text('otp_hash').notNull(),
  otpSalt: text('otp_salt').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PersonaEmailChangeRow = typeof personaEmailChanges.$inferSelect;
