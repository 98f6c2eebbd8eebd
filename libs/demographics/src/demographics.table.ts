import { personas, profileSchema } from '@teamfit/personas';
import { text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const SEXES = ['FEMALE', 'MALE', 'OTHER', 'DECLINED'] as const;
export type Sex = (typeof SEXES)[number];

export const RACE_ETHNICITIES = [
  'HISPANIC_OR_LATINO',
  'WHITE',
  'BLACK_OR_AFRICAN_AMERICAN',
  'NATIVE_HAWAIIAN_OR_PACIFIC_ISLANDER',
  'ASIAN',
  'AMERICAN_INDIAN_OR_ALASKA_NATIVE',
  'TWO_OR_MORE_RACES',
  'DECLINED',
] as const;
export type RaceEthnicity = (typeof RACE_ETHNICITIES)[number];

/**
 * A persona's self-reported sex and race/ethnicity (docs/fairness.md, "Demographics"): special-category
 * data, kept in a table of its own and read only by the adverse-impact report, never by scoring
 * (the boundary lint forbids this library to the scoring library and the evaluation service's
 * scoring paths). At most one row per persona; it goes with the persona (cascade) and with its erasure.
 */
export const personaDemographics = profileSchema.table('persona_demographics', {
  personaId: uuid('persona_id')
    .primaryKey()
    .references(() => personas.id, { onDelete: 'cascade' }),
  sex: text('sex', { enum: SEXES }).notNull(),
  raceEthnicity: text('race_ethnicity', { enum: RACE_ETHNICITIES }).notNull(),
  /** When the persona (or an administrator on its behalf) last gave consent with these answers: set by the server. */
  consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PersonaDemographicsRow = typeof personaDemographics.$inferSelect;
export type NewPersonaDemographicsRow = typeof personaDemographics.$inferInsert;
