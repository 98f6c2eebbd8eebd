import { index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { evaluations } from './evaluation.tables';
import { evaluationSchema } from './pg-schema';

/**
 * A test sent through the Greenhouse assessment partner API (docs/adr/0089-greenhouse-assessment-partner-api.md):
 * its `id` is the `partner_interview_id` Greenhouse polls with (the test, `partner_test_id`, is the evaluation's team), `callback_url` the `url` of its
 * send_test, which the completion is announced to (a body-less PATCH) and which makes a repeated
 * send_test of the same test the same interview (unique per organisation). The candidate is the
 * evaluation's persona: no address or name is kept here, so erasing or exporting the persona
 * needs nothing of this table but the rows that go with its evaluations (ON DELETE CASCADE).
 * `organisation_id` and `api_key_id` are the organisation's and its key's (organisation schema,
 * not foreign keys: another service's rows).
 */
export const greenhouseInterviews = evaluationSchema.table(
  'greenhouse_interviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    evaluationId: uuid('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    callbackUrl: text('callback_url').notNull(),
    apiKeyId: uuid('api_key_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('greenhouse_interviews_callback_key').on(table.organisationId, table.callbackUrl),
    // The completing answer finds the interviews of its evaluation.
    index('greenhouse_interviews_evaluation_idx').on(table.evaluationId),
  ],
);

export type GreenhouseInterviewRow = typeof greenhouseInterviews.$inferSelect;
