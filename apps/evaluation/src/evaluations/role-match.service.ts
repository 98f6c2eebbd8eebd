import { Injectable } from '@nestjs/common';
import { validationFailed } from '@teamfit/common';
import { computeRoleMatch, type RoleMatchResult, type RoleSpecificationInput, type UserExperienceInput, type UserGoalInput } from '@teamfit/scoring';
import { AlgorithmDirectory, type RoleRow } from '../algorithm/algorithm.directory';

export const UNRESOLVED_USER = 'Cannot resolve algorithmUserId for role match';

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
    if (role.roleSpecificationId === null) return null;
    const specification = await this.algorithm.getRoleSpecification(role.roleSpecificationId);
    if (!specification) return null;
    if (algorithmUserId === null) return { roleId: role.id, error: UNRESOLVED_USER };
    const [experience, goal] = await Promise.all([this.algorithm.getUserExperience(algorithmUserId), this.algorithm.getUserGoal(algorithmUserId)]);
    const spec = specification as unknown as RoleSpecificationInput;
    const yearsIds = [spec.professionalYears?.id, experience?.professionalYearsId].filter((id): id is number => typeof id === 'number');
    const levelIds = [spec.educationLevel?.id, experience?.educationLevelId].filter((id): id is number => typeof id === 'number');
    const [years, levels] = await Promise.all([
      this.algorithm.orderByValues('professionalyears', yearsIds),
      this.algorithm.orderByValues('educationlevels', levelIds),
    ]);
    return computeRoleMatch({
      roleId: role.id,
      specification: spec,
      experience: (experience as UserExperienceInput | undefined) ?? null,
      goal: (goal as UserGoalInput | undefined) ?? null,
      professionalYears: [...years].map(([id, orderBy]) => ({ id, orderBy })),
      educationLevels: [...levels].map(([id, orderBy]) => ({ id, orderBy })),
    });
  }
}
