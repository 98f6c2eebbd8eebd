import { Injectable } from '@nestjs/common';
import { conflict, notFound, type PageRequest, postgresErrorOf } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { refuseErasedPersonas } from '@teamfit/privacy';
import { ROLE_TEAM_FOREIGN_KEY } from '../../database/evaluation.schema';
import { isReferencedRowViolation } from '../shared/postgres-codes';
import { type AlgorithmTeamDto, type CreateAlgorithmTeamDto, mapTeam, type UpdateAlgorithmTeamDto } from './team.dto';
import { type TeamChanges, TeamRepository } from './team.repository';

/** Team rules. Raises DomainErrors only; the platform filter maps them to HTTP. */
@Injectable()
export class TeamService {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly repository: TeamRepository,
  ) {}

  async list(page: PageRequest): Promise<{ items: AlgorithmTeamDto[]; total: number }> {
    const [rows, total] = await Promise.all([this.repository.list(page), this.repository.count()]);
    return { items: rows.map(mapTeam), total };
  }

  async get(id: number): Promise<AlgorithmTeamDto> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('Team');
    return mapTeam(row);
  }

  async create(input: CreateAlgorithmTeamDto): Promise<AlgorithmTeamDto> {
    // Nothing new is stored under an erased persona's id (docs/adr/0067-rights-read-from-the-account.md).
    const row = await this.db.transaction(async (tx) => {
      await refuseErasedPersonas(tx, 'memberPersonaIds', input.memberPersonaIds ?? []);
      return this.repository.insert(tx, {
        name: input.name,
        organisationId: input.organisationId ?? null,
        memberPersonaIds: input.memberPersonaIds ?? [],
      });
    });
    return mapTeam(row);
  }

  async update(id: number, input: UpdateAlgorithmTeamDto): Promise<AlgorithmTeamDto> {
    const changes: TeamChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.organisationId !== undefined) changes.organisationId = input.organisationId;
    if (input.memberPersonaIds !== undefined) changes.memberPersonaIds = input.memberPersonaIds;
    const row = await this.db.transaction(async (tx) => {
      await refuseErasedPersonas(tx, 'memberPersonaIds', input.memberPersonaIds ?? []);
      return this.repository.update(tx, id, changes);
    });
    if (!row) throw notFound('Team');
    return mapTeam(row);
  }

  /** The foreign keys decide (no check-then-delete race): roles and evaluations are the only tables referring to teams. */
  async remove(id: number): Promise<void> {
    let deleted: boolean;
    try {
      deleted = await this.repository.delete(this.db, id);
    } catch (error) {
      const postgres = postgresErrorOf(error);
      if (isReferencedRowViolation(postgres?.code)) {
        throw conflict(`Team ${id} is still used by ${postgres?.constraint === ROLE_TEAM_FOREIGN_KEY ? 'roles' : 'evaluations'}`);
      }
      throw error;
    }
    if (!deleted) throw notFound('Team');
  }
}
