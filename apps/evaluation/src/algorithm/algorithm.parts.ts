import type { Provider, Type } from '@nestjs/common';
import { AlgorithmDirectory } from './algorithm.directory';
import { LOOKUP_CONTROLLERS } from './lookups/lookup.controller';
import { LookupRepository } from './lookups/lookup.repository';
import { LookupService } from './lookups/lookup.service';
import { RoleSpecificationController } from './role-specifications/role-specification.controller';
import { RoleSpecificationRepository } from './role-specifications/role-specification.repository';
import { RoleSpecificationService } from './role-specifications/role-specification.service';
import { RoleController } from './roles/role.controller';
import { RoleRepository } from './roles/role.repository';
import { RoleService } from './roles/role.service';
import { TeamController } from './teams/team.controller';
import { TeamRepository } from './teams/team.repository';
import { TeamService } from './teams/team.service';
import { USER_RECORD_CONTROLLERS } from './user-records/user-record.controller';
import { UserExperienceRepository, UserGoalRepository } from './user-records/user-record.repositories';
import { UserExperienceService, UserGoalService } from './user-records/user-record.service';

/** The algorithm entities' routes (/algorithm/{collection}), registered by the evaluation app module. */
export const ALGORITHM_CONTROLLERS: Type[] = [TeamController, RoleController, RoleSpecificationController, ...USER_RECORD_CONTROLLERS, ...LOOKUP_CONTROLLERS];

export const ALGORITHM_PROVIDERS: Provider[] = [
  AlgorithmDirectory,
  LookupRepository,
  LookupService,
  TeamRepository,
  TeamService,
  RoleRepository,
  RoleService,
  RoleSpecificationRepository,
  RoleSpecificationService,
  UserExperienceRepository,
  UserExperienceService,
  UserGoalRepository,
  UserGoalService,
];
