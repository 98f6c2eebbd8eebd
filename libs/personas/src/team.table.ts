import { sql } from 'drizzle-orm';
import { text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { profileSchema } from './profile-schema';

/** Profile teams (docs/profile.md, "Data"); `id` is a 24-hex ObjectId string, shown to clients as `_id`. */
export const teams = profileSchema.table(
  'teams',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    teamName: text('team_name').notNull(),
    teamDescription: text('team_description'),
    roleName: text('role_name'),
    managers: text('managers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    memberIds: text('member_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A team name is unique within its organisation, ignoring letter case.
  (table) => [uniqueIndex('teams_organisation_name_key').on(table.organisationId, sql`lower(${table.teamName})`)],
);

export type TeamRow = typeof teams.$inferSelect;
export type NewTeamRow = typeof teams.$inferInsert;
