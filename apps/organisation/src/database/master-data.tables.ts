import { organisationSchema } from '@teamfit/accounts';
import { sql } from 'drizzle-orm';
import { char, type PgColumnBuilderBase, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Master data (docs/assessment.md): one table per type, all of the same shape (a 24-hex ObjectId `_id`
 * and a name unique ignoring case) plus the type's own fields. The HTTP side is one generic
 * controller factory, service and repository (src/master-data/).
 */

/** `_id` is stored in a column named `id`; the API spells it `_id` (docs/contract.md, "Identifiers"). */
const objectId = (name: string) => char(name, { length: 24 });

function masterDataTable<TExtra extends Record<string, PgColumnBuilderBase>>(tableName: string, extra: TExtra) {
  return organisationSchema.table(tableName, { id: objectId('id').primaryKey(), name: text('name').notNull(), ...extra }, (table) => [
    uniqueIndex(`${tableName}_name_key`).on(sql`lower(${table.name})`),
  ]);
}

export const countries = organisationSchema.table(
  'countries',
  { id: objectId('id').primaryKey(), name: text('name').notNull(), code: text('code').notNull() },
  (table) => [uniqueIndex('countries_name_key').on(sql`lower(${table.name})`), uniqueIndex('countries_code_key').on(table.code)],
);
export const industries = masterDataTable('industries', {});
export const functions = masterDataTable('functions', {});
export const educationLevels = masterDataTable('education_levels', {});
export const studyMajors = masterDataTable('study_majors', {});
export const skills = masterDataTable('skills', {});
/** A location's country must exist, and a country with locations cannot be deleted (RESTRICT). */
export const locations = masterDataTable('locations', {
  countryId: objectId('country_id')
    .notNull()
    .references(() => countries.id, { onDelete: 'restrict' }),
});
