import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, foreignKey, index, integer, jsonb, type PgColumnBuilderBase, text, uuid } from 'drizzle-orm/pg-core';
import { evaluationSchema } from './pg-schema';

/*
 * The algorithm entities (docs/algorithm.md). Integer ids come from identity columns
 * (GENERATED ALWAYS: a client can never choose one). References between these tables that are
 * plain columns (a role's team and specification) are foreign keys; references held inside
 * arrays and JSONB (lookup ids of role specifications and user records) are checked by the
 * services under row locks (see algorithm/shared/lookup-locks.ts), because PostgreSQL has no
 * foreign keys for array elements.
 */

const identity = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const idArray = (name: string) =>
  integer(name)
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`);

/** A lookup table: `id, name` plus the fields its kind carries (orderBy, countryId). */
function lookupTable<Extra extends Record<string, PgColumnBuilderBase>>(name: string, extra: Extra) {
  return evaluationSchema.table(name, { id: identity(), name: text('name').notNull(), ...extra });
}

export const industries = lookupTable('industries', {});
export const workFunctions = lookupTable('work_functions', {});
export const skills = lookupTable('skills', {});
export const professionalYears = lookupTable('professional_years', { orderBy: integer('order_by').notNull() });
export const educationLevels = lookupTable('education_levels', { orderBy: integer('order_by').notNull() });
export const studyMajors = lookupTable('study_majors', { orderBy: integer('order_by').notNull() });
/** No country lookup exists in this service: countryId is a positive integer, not a reference. */
export const locations = lookupTable('locations', { countryId: integer('country_id').notNull() });

export const teams = evaluationSchema.table(
  'teams',
  {
    id: identity(),
    name: text('name').notNull(),
    organisationId: uuid('organisation_id'),
    memberPersonaIds: uuid('member_persona_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /**
     * Changes whenever the team context could: a member list change, or a score profile of a
     * member written or removed (database triggers, migration 0005, keep it so whoever writes).
     * A cached team aggregate is valid while this is the number it was built at.
     */
    profilesVersion: bigint('profiles_version', { mode: 'number' }).notNull().default(0),
  },
  // The triggers find the teams of a persona with `member_persona_ids @> ARRAY[persona]`.
  (table) => [index('teams_member_persona_ids_idx').using('gin', table.memberPersonaIds)],
);

/** A set criterion: the candidate matches the share of `ids` they have. An empty set is no criterion. */
export interface SetCriterion {
  ids: number[];
  priority: number;
}

/** A threshold criterion: met when the candidate's lookup `orderBy` reaches that of `id`. */
export interface ThresholdCriterion {
  id: number;
  priority: number;
}

/** One nullable JSONB column per criterion; null means the criterion is not configured. */
export const roleSpecifications = evaluationSchema.table('role_specifications', {
  id: identity(),
  industry: jsonb('industry').$type<SetCriterion>(),
  function: jsonb('function').$type<SetCriterion>(),
  skill: jsonb('skill').$type<SetCriterion>(),
  studyMajor: jsonb('study_major').$type<SetCriterion>(),
  location: jsonb('location').$type<SetCriterion>(),
  professionalYears: jsonb('professional_years').$type<ThresholdCriterion>(),
  educationLevel: jsonb('education_level').$type<ThresholdCriterion>(),
});

/**
 * Names of the roles' foreign keys: the services tell which reference failed by them. They are
 * NO ACTION (the default), whose violations are 23503 like every other foreign key's.
 */
export const ROLE_TEAM_FOREIGN_KEY = 'roles_team_id_fkey';
export const ROLE_SPECIFICATION_FOREIGN_KEY = 'roles_role_specification_id_fkey';

export const roles = evaluationSchema.table(
  'roles',
  {
    id: identity(),
    organisationId: uuid('organisation_id'),
    title: text('title').notNull(),
    teamId: integer('team_id').notNull(),
    roleSpecificationId: integer('role_specification_id'),
    criteriaWeight: doublePrecision('criteria_weight').notNull().default(50),
  },
  (table) => [
    foreignKey({ name: ROLE_TEAM_FOREIGN_KEY, columns: [table.teamId], foreignColumns: [teams.id] }),
    foreignKey({ name: ROLE_SPECIFICATION_FOREIGN_KEY, columns: [table.roleSpecificationId], foreignColumns: [roleSpecifications.id] }),
    // Serves firstRoleOfTeam (lowest id of a team) and the foreign-key check when a team is deleted.
    index('roles_team_id_idx').on(table.teamId, table.id),
    index('roles_role_specification_id_idx').on(table.roleSpecificationId),
  ],
);

/** Keyed by the persona's integer user id (docs/contract.md, "Identifiers"), not by an identity column. */
export const userExperiences = evaluationSchema.table('user_experiences', {
  userId: integer('user_id').primaryKey(),
  industryIds: idArray('industry_ids'),
  functionIds: idArray('function_ids'),
  skillIds: idArray('skill_ids'),
  studyMajorIds: idArray('study_major_ids'),
  professionalYearsId: integer('professional_years_id'),
  educationLevelId: integer('education_level_id'),
});

export const userGoals = evaluationSchema.table('user_goals', {
  userId: integer('user_id').primaryKey(),
  industryIds: idArray('industry_ids'),
  functionIds: idArray('function_ids'),
  skillIds: idArray('skill_ids'),
  locationIds: idArray('location_ids'),
});

/** A team as the services use it; its profiles version is the team context cache's business alone. */
export type TeamRow = Omit<typeof teams.$inferSelect, 'profilesVersion'>;
export const teamColumns = {
  id: teams.id,
  name: teams.name,
  organisationId: teams.organisationId,
  memberPersonaIds: teams.memberPersonaIds,
};
export type RoleRow = typeof roles.$inferSelect;
export type RoleSpecificationRow = typeof roleSpecifications.$inferSelect;
export type UserExperienceRow = typeof userExperiences.$inferSelect;
export type UserGoalRow = typeof userGoals.$inferSelect;
