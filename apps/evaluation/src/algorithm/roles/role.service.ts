import { Injectable } from '@nestjs/common';
import { notFound, type PageRequest, postgresErrorOf, validationFailed } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { ROLE_SPECIFICATION_FOREIGN_KEY, ROLE_TEAM_FOREIGN_KEY } from '../../database/evaluation.schema';
import { FOREIGN_KEY_VIOLATION } from '../shared/postgres-codes';
import { type CreateRoleDto, DEFAULT_CRITERIA_WEIGHT, mapRole, type RoleDto, type UpdateRoleDto } from './role.dto';
import { type RoleChanges, RoleRepository } from './role.repository';

/** Role rules. Raises DomainErrors only; the platform filter maps them to HTTP. */
@Injectable()
export class RoleService {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly repository: RoleRepository,
  ) {}

  async list(page: PageRequest, teamId?: number): Promise<{ items: RoleDto[]; total: number }> {
    const [rows, total] = await Promise.all([this.repository.list(page, teamId), this.repository.count(teamId)]);
    return { items: rows.map(mapRole), total };
  }

  async get(id: number): Promise<RoleDto> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('Role');
    return mapRole(row);
  }

  async create(input: CreateRoleDto): Promise<RoleDto> {
    const row = await withKnownReferences(input, () =>
      this.repository.insert(this.db, {
        title: input.title,
        teamId: input.teamId,
        roleSpecificationId: input.roleSpecificationId ?? null,
        organisationId: input.organisationId ?? null,
        criteriaWeight: input.criteriaWeight ?? DEFAULT_CRITERIA_WEIGHT,
      }),
    );
    return mapRole(row);
  }

  async update(id: number, input: UpdateRoleDto): Promise<RoleDto> {
    const changes: RoleChanges = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.teamId !== undefined) changes.teamId = input.teamId;
    if (input.roleSpecificationId !== undefined) changes.roleSpecificationId = input.roleSpecificationId;
    if (input.organisationId !== undefined) changes.organisationId = input.organisationId;
    if (input.criteriaWeight !== undefined) changes.criteriaWeight = input.criteriaWeight;
    const row = await withKnownReferences(input, () => this.repository.update(this.db, id, changes));
    if (!row) throw notFound('Role');
    return mapRole(row);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.repository.delete(this.db, id))) throw notFound('Role');
  }
}

/**
 * The foreign keys decide whether the team and specification exist (they also lock the referenced
 * rows, so no concurrent delete slips in); their violations become 400 naming the field.
 */
async function withKnownReferences<T>(
  input: { teamId?: number; roleSpecificationId?: number | null },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const postgres = postgresErrorOf(error);
    if (postgres?.code === FOREIGN_KEY_VIOLATION && postgres.constraint === ROLE_TEAM_FOREIGN_KEY) {
      throw validationFailed(`teamId refers to no existing team (${input.teamId})`);
    }
    if (postgres?.code === FOREIGN_KEY_VIOLATION && postgres.constraint === ROLE_SPECIFICATION_FOREIGN_KEY) {
      throw validationFailed(`roleSpecificationId refers to no existing role specification (${input.roleSpecificationId})`);
    }
    throw error;
  }
}
