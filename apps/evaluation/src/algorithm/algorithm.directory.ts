import { Injectable } from '@nestjs/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  educationLevels,
  professionalYears,
  type RoleRow,
  roleSpecifications,
  type RoleSpecificationRow,
  roles,
  type TeamRow,
  type UserExperienceRow,
  userExperiences,
  studyMajors,
  type UserGoalRow,
  userGoals,
} from '../database/evaluation.schema';
import type { OrderedLookupCollection } from './lookups/lookup.descriptors';
import { TeamRepository } from './teams/team.repository';

const ORDERED_LOOKUP_TABLES = { professionalyears: professionalYears, educationlevels: educationLevels, studymajors: studyMajors } as const;

export type { RoleRow, RoleSpecificationRow, TeamRow, UserExperienceRow, UserGoalRow };
export type { SetCriterion, ThresholdCriterion } from '../database/evaluation.schema';
export type { OrderedLookupCollection } from './lookups/lookup.descriptors';

/**
 * Read-only view of the algorithm entities for the scoring (team match, compare-team): what a role
 * match needs, as plain rows in the shapes the API returns. Pass a transaction as `db` to read
 * inside one.
 */
@Injectable()
export class AlgorithmDirectory {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly teams: TeamRepository,
  ) {}

  getTeam(id: number): Promise<TeamRow | undefined> {
    return this.teams.findById(id);
  }

  /** The team's role with the lowest id: the default role of a team match (docs/algorithm.md). */
  async firstRoleOfTeam(teamId: number): Promise<RoleRow | undefined> {
    const [row] = await this.db.select().from(roles).where(eq(roles.teamId, teamId)).orderBy(asc(roles.id)).limit(1);
    return row;
  }

  async getRole(id: number): Promise<RoleRow | undefined> {
    const [row] = await this.db.select().from(roles).where(eq(roles.id, id)).limit(1);
    return row;
  }

  /** Criteria not configured are null; a set criterion with no ids is not an element either. */
  async getRoleSpecification(id: number): Promise<RoleSpecificationRow | undefined> {
    const [row] = await this.db.select().from(roleSpecifications).where(eq(roleSpecifications.id, id)).limit(1);
    return row;
  }

  async getUserExperience(userId: number): Promise<UserExperienceRow | undefined> {
    const [row] = await this.db.select().from(userExperiences).where(eq(userExperiences.userId, userId)).limit(1);
    return row;
  }

  async getUserGoal(userId: number): Promise<UserGoalRow | undefined> {
    const [row] = await this.db.select().from(userGoals).where(eq(userGoals.userId, userId)).limit(1);
    return row;
  }

  /** The experience records of these users, by user id (one query however many; users without one are absent). */
  async getUserExperiences(userIds: readonly number[]): Promise<Map<number, UserExperienceRow>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(userExperiences)
      .where(sql`${userExperiences.userId} = ANY (${sql.param([...userIds])}::int[])`);
    return new Map(rows.map((row) => [row.userId, row]));
  }

  /** The goal records of these users, by user id (one query however many; users without one are absent). */
  async getUserGoals(userIds: readonly number[]): Promise<Map<number, UserGoalRow>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(userGoals)
      .where(sql`${userGoals.userId} = ANY (${sql.param([...userIds])}::int[])`);
    return new Map(rows.map((row) => [row.userId, row]));
  }

  /** `orderBy` of the given rows of professionalyears, educationlevels or studymajors; unknown ids are absent. */
  async orderByValues(lookup: OrderedLookupCollection, ids: readonly number[]): Promise<Map<number, number>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const table = ORDERED_LOOKUP_TABLES[lookup];
    const rows = await this.db.select({ id: table.id, orderBy: table.orderBy }).from(table).where(inArray(table.id, wanted));
    return new Map(rows.map((row) => [row.id, row.orderBy]));
  }

  /** `orderBy` of one row, or undefined when it does not exist (docs/scoring.md, "Role match": a missing candidate value scores 0). */
  async orderByOf(lookup: OrderedLookupCollection, id: number): Promise<number | undefined> {
    return (await this.orderByValues(lookup, [id])).get(id);
  }
}
