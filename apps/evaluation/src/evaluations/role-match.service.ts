import { Injectable } from '@nestjs/common';
import { validationFailed } from '@teamfit/common';
import {
  computeRoleMatch,
  type RoleMatchResult,
  type RoleSpecificationInput,
  type UserExperienceInput,
  type UserGoalInput,
} from '@teamfit/scoring';
import { AlgorithmDirectory, type RoleRow } from '../algorithm/algorithm.directory';

export const UNRESOLVED_USER = 'Cannot resolve algorithmUserId for role match';

/** Each user's role match against one role, from records loaded once for all of them. */
export type RoleMatcher = (algorithmUserId: number | null) => RoleMatchResult;

/** Loads what a role match needs from the algorithm entities and runs the engine. */
@Injectable()
export class RoleMatchService {
  constructor(private readonly algorithm: AlgorithmDirectory) {}

  /** The role asked for (400 when unknown), or the team's first role when none is asked for. */
  async resolveRole(teamId: number, roleId: number | undefined): Promise<RoleRow | undefined> {
    if (roleId === undefined) return this.algorithm.firstRoleOfTeam(teamId);
    const role = await this.algorithm.getRole(roleId);
    if (!role) throw validationFailed(`roleId ${roleId} does not reference an existing role`);
    return role;
  }

  /** Null when the role has no specification; an error result when the user cannot be resolved. */
  async match(role: RoleRow, algorithmUserId: number | null): Promise<RoleMatchResult | null> {
    const matcher = await this.matcher(role, algorithmUserId === null ? [] : [algorithmUserId]);
    return matcher ? matcher(algorithmUserId) : null;
  }

  /**
   * Null when the role has no specification; else the match of each of `algorithmUserIds` (a
   * shortlist's candidates), their experience and goal records and the lookups they name read in
   * four queries whatever their number. A user outside `algorithmUserIds` matches as one without records.
   */
  async matcher(role: RoleRow, algorithmUserIds: readonly number[]): Promise<RoleMatcher | null> {
    if (role.roleSpecificationId === null) return null;
    const specification = await this.algorithm.getRoleSpecification(role.roleSpecificationId);
    if (!specification) return null;
    const spec = specification as unknown as RoleSpecificationInput;
    const userIds = [...new Set(algorithmUserIds)];
    const [experiences, goals] = await Promise.all([this.algorithm.getUserExperiences(userIds), this.algorithm.getUserGoals(userIds)]);
    const yearsIds = [spec.professionalYears?.id, ...[...experiences.values()].map((experience) => experience.professionalYearsId)].filter(
      (id): id is number => typeof id === 'number',
    );
    const levelIds = [spec.educationLevel?.id, ...[...experiences.values()].map((experience) => experience.educationLevelId)].filter(
      (id): id is number => typeof id === 'number',
    );
    const [years, levels] = await Promise.all([
      this.algorithm.orderByValues('professionalyears', yearsIds),
      this.algorithm.orderByValues('educationlevels', levelIds),
    ]);
    // The engine reads only the rows the specification and the user's record name, so every user can share the lists.
    const professionalYears = [...years].map(([id, orderBy]) => ({ id, orderBy }));
    const educationLevels = [...levels].map(([id, orderBy]) => ({ id, orderBy }));
    return (algorithmUserId) => {
      if (algorithmUserId === null) return { roleId: role.id, error: UNRESOLVED_USER };
      return computeRoleMatch({
        roleId: role.id,
        specification: spec,
        experience: (experiences.get(algorithmUserId) as UserExperienceInput | undefined) ?? null,
        goal: (goals.get(algorithmUserId) as UserGoalInput | undefined) ?? null,
        professionalYears,
        educationLevels,
      });
    };
  }
}
