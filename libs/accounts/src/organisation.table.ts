import { sql } from 'drizzle-orm';
import { boolean, char, doublePrecision, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisationSchema } from './account.table';

export const ALGORITHM_VERSIONS = ['v1', 'v2'] as const;
export type AlgorithmVersion = (typeof ALGORITHM_VERSIONS)[number];

/** Unique index names, matched by the repository to turn a violation into the right 409. */
export const ORGANISATION_NAME_INDEX = 'organisations_name_key';
export const ORGANISATION_URL_NAME_INDEX = 'organisations_url_name_key';

/**
 * Organisations, a table of the organisation service. The UUID `id` identifies an
 * organisation; list items show the 24-hex `_id`, kept here as `object_id`.
 * Names and URL names are unique regardless of letter case. The logo is a public file of the
 * media service, kept by its id. Declared in the owner's library because the evaluation service
 * reads one setting of it (`includeMatchUserInTeam`, when it builds a team context).
 */
export const organisations = organisationSchema.table(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    objectId: char('object_id', { length: 24 }).notNull(),
    name: text('name').notNull(),
    urlName: text('url_name').notNull(),
    logoMediaId: char('logo_media_id', { length: 24 }),
    algorithmVersion: text('algorithm_version', { enum: ALGORITHM_VERSIONS }).notNull().default('v1'),
    genderInputOnRegister: boolean('gender_input_on_register').notNull().default(false),
    includeMatchUserInTeam: boolean('include_match_user_in_team').notNull().default(false),
    isLocationPriority: boolean('is_location_priority').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    licenses: integer('licenses').notNull().default(0),
    showMatches: boolean('show_matches').notNull().default(false),
    userChange: boolean('user_change').notNull().default(false),
    templatePrefix: text('template_prefix'),
    workstyleWeight: doublePrecision('workstyle_weight'),
    productExpireTimestamp: timestamp('product_expire_timestamp', { withTimezone: true }),
    sampleAddTimestamp: timestamp('sample_add_timestamp', { withTimezone: true }),
    /** Master-data reference ids (`_id` of an industry / a country); not settable yet. */
    industryId: text('industry_id'),
    countryId: text('country_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organisations_object_id_key').on(table.objectId),
    uniqueIndex(ORGANISATION_NAME_INDEX).on(sql`lower(${table.name})`),
    uniqueIndex(ORGANISATION_URL_NAME_INDEX).on(sql`lower(${table.urlName})`),
  ],
);

export type OrganisationRow = typeof organisations.$inferSelect;
export type NewOrganisationRow = typeof organisations.$inferInsert;
