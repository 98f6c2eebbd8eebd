import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '@teamfit/database';
import { roleSpecifications, userExperiences, userGoals } from '../../database/evaluation.schema';
import type { LookupCollection } from '../lookups/lookup.descriptors';

/*
 * Lookup ids live inside JSONB criteria and integer arrays, where PostgreSQL has no foreign keys.
 * Integrity is kept with row locks instead, race-free under READ COMMITTED:
 * - a write that refers to lookup ids takes FOR KEY SHARE on those lookup rows in its transaction
 *   (LookupService.lockReferenced), so they cannot be deleted until it commits;
 * - deleting a lookup takes FOR UPDATE on its row first, then looks for referrers (referrersOf):
 *   a concurrent referring write either committed before (and is seen) or waits and then finds
 *   the row gone (400).
 */

interface LookupReference {
  lookup: LookupCollection;
  /** Plural, for the 409 message: "… is used by role specifications". */
  owner: string;
  table: PgTable;
  refersTo(id: number): SQL;
}

const inSetCriterion = (column: AnyPgColumn) => (id: number) => sql`${column} -> 'ids' @> ${JSON.stringify([id])}::jsonb`;
const inThresholdCriterion = (column: AnyPgColumn) => (id: number) => sql`(${column} ->> 'id')::integer = ${id}`;
const inIdArray = (column: AnyPgColumn) => (id: number) => sql`${id}::integer = ANY(${column})`;
const isId = (column: AnyPgColumn) => (id: number) => sql`${column} = ${id}`;

const SPECIFICATIONS = 'role specifications';
const EXPERIENCES = 'user experiences';
const GOALS = 'user goals';

/** Every place a lookup id can be stored. */
const REFERENCES: readonly LookupReference[] = [
  { lookup: 'industries', owner: SPECIFICATIONS, table: roleSpecifications, refersTo: inSetCriterion(roleSpecifications.industry) },
  { lookup: 'workfunctions', owner: SPECIFICATIONS, table: roleSpecifications, refersTo: inSetCriterion(roleSpecifications.function) },
  { lookup: 'skills', owner: SPECIFICATIONS, table: roleSpecifications, refersTo: inSetCriterion(roleSpecifications.skill) },
  { lookup: 'studymajors', owner: SPECIFICATIONS, table: roleSpecifications, refersTo: inSetCriterion(roleSpecifications.studyMajor) },
  { lookup: 'locations', owner: SPECIFICATIONS, table: roleSpecifications, refersTo: inSetCriterion(roleSpecifications.location) },
  {
    lookup: 'professionalyears',
    owner: SPECIFICATIONS,
    table: roleSpecifications,
    refersTo: inThresholdCriterion(roleSpecifications.professionalYears),
  },
  {
    lookup: 'educationlevels',
    owner: SPECIFICATIONS,
    table: roleSpecifications,
    refersTo: inThresholdCriterion(roleSpecifications.educationLevel),
  },
  { lookup: 'industries', owner: EXPERIENCES, table: userExperiences, refersTo: inIdArray(userExperiences.industryIds) },
  { lookup: 'workfunctions', owner: EXPERIENCES, table: userExperiences, refersTo: inIdArray(userExperiences.functionIds) },
  { lookup: 'skills', owner: EXPERIENCES, table: userExperiences, refersTo: inIdArray(userExperiences.skillIds) },
  { lookup: 'studymajors', owner: EXPERIENCES, table: userExperiences, refersTo: inIdArray(userExperiences.studyMajorIds) },
  { lookup: 'professionalyears', owner: EXPERIENCES, table: userExperiences, refersTo: isId(userExperiences.professionalYearsId) },
  { lookup: 'educationlevels', owner: EXPERIENCES, table: userExperiences, refersTo: isId(userExperiences.educationLevelId) },
  { lookup: 'industries', owner: GOALS, table: userGoals, refersTo: inIdArray(userGoals.industryIds) },
  { lookup: 'workfunctions', owner: GOALS, table: userGoals, refersTo: inIdArray(userGoals.functionIds) },
  { lookup: 'skills', owner: GOALS, table: userGoals, refersTo: inIdArray(userGoals.skillIds) },
  { lookup: 'locations', owner: GOALS, table: userGoals, refersTo: inIdArray(userGoals.locationIds) },
];

/** The kinds of record (plural names, no duplicates) that still refer to the lookup row. */
export async function referrersOf(db: Executor, lookup: LookupCollection, id: number): Promise<string[]> {
  const owners = new Set<string>();
  for (const reference of REFERENCES) {
    if (reference.lookup !== lookup || owners.has(reference.owner)) continue;
    const found = await db
      .select({ one: sql<number>`1` })
      .from(reference.table)
      .where(reference.refersTo(id))
      .limit(1);
    if (found.length > 0) owners.add(reference.owner);
  }
  return [...owners];
}
