import { organisationSchema } from '@teamfit/accounts';
import { profileSchema } from '@teamfit/personas';
import { sql } from 'drizzle-orm';
import { index, jsonb, type PgSchema, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ErasureCounts, ErasureIdentity } from './erasure-identity';

/** The services that erase their part of a persona after the profile service has erased its own. */
export const ERASURE_PARTS = ['evaluation', 'organisation'] as const;
export type ErasurePart = (typeof ERASURE_PARTS)[number];

/**
 * One row per erased persona: the erasure's audit and, until it completes, what drives the other
 * services' parts. Written by the profile service in the transaction that erases the persona.
 * `pendingIdentity` holds the persona's id, addresses and names only while parts are missing and
 * is cleared at completion; what stays names nobody (the subject is a hash, the counts are numbers).
 */
export const personaErasures = profileSchema.table(
  'persona_erasures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectHash: text('subject_hash').notNull(),
    /** The subject of the administrator's token. */
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The parts expected of other services when the erasure was requested. */
    parts: text('parts').array().notNull(),
    profileCounts: jsonb('profile_counts').$type<ErasureCounts>().notNull(),
    pendingIdentity: jsonb('pending_identity').$type<ErasureIdentity>(),
  },
  (table) => [
    uniqueIndex('persona_erasures_subject_key').on(table.subjectHash),
    index('persona_erasures_pending_idx')
      .on(table.requestedAt)
      .where(sql`${table.completedAt} IS NULL`),
  ],
);

/** A service's record of its part: written in the transaction that did the part, so it exists exactly when the part is done. */
function erasurePartTable(schema: PgSchema) {
  return schema.table('persona_erasure_parts', {
    erasureId: uuid('erasure_id').primaryKey(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
    counts: jsonb('counts').$type<ErasureCounts>().notNull(),
  });
}

export const evaluationErasureParts = erasurePartTable(pgSchema('evaluation'));
export const organisationErasureParts = erasurePartTable(organisationSchema);
type ErasurePartTable = typeof evaluationErasureParts;

/** Each part's table, in the schema of the service that does it; the profile service reads them for the summary. */
export const ERASURE_PART_TABLES: Readonly<Record<ErasurePart, ErasurePartTable>> = {
  evaluation: evaluationErasureParts,
  organisation: organisationErasureParts,
};

export type PersonaErasureRow = typeof personaErasures.$inferSelect;
export type ErasurePartRow = typeof evaluationErasureParts.$inferSelect;
