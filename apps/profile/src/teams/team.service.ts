import { Injectable } from '@nestjs/common';
import { conflict, notFound } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { refuseErasedPersonas } from '@teamfit/privacy';
import { ObjectId } from 'bson';
import { type CreateTeamDto, mapTeam, mapTeamListItem, type TeamDto, type TeamListItemDto, type UpdateTeamDto } from './team.dto';
import { isTeamNameTaken, type TeamChanges, TeamRepository } from './team.repository';

const NAME_TAKEN = 'A team with this name already exists in the organisation';

/** Team rules. Raises DomainErrors only; the platform filter maps them to HTTP. */
@Injectable()
export class TeamService {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly repository: TeamRepository,
  ) {}

  async list(): Promise<TeamListItemDto[]> {
    const rows = await this.repository.list();
    return rows.map(mapTeamListItem);
  }

  async get(id: string): Promise<TeamListItemDto> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('Team');
    return mapTeamListItem(row);
  }

  async create(input: CreateTeamDto): Promise<TeamDto> {
    // The unique index decides, not a prior lookup: a check-then-insert would race.
    const row = await this.withNameUniqueness(() =>
      this.db.transaction(async (tx) => {
        await refuseErasedMembers(tx, input);
        return this.repository.insert(tx, {
          id: new ObjectId().toHexString(),
          organisationId: input.organisation_id,
          teamName: input.teamName,
          teamDescription: input.teamDescription ?? null,
          roleName: input.roleName ?? null,
          managers: input.managers ?? [],
          memberIds: input.memberIds ?? [],
        });
      }),
    );
    return mapTeam(row);
  }

  async update(id: string, input: UpdateTeamDto): Promise<TeamDto> {
    const row = await this.withNameUniqueness(() =>
      this.db.transaction(async (tx) => {
        await refuseErasedMembers(tx, input);
        return this.repository.update(tx, id, changesOf(input));
      }),
    );
    if (!row) throw notFound('Team');
    return mapTeam(row);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.repository.delete(this.db, id))) throw notFound('Team');
  }

  private async withNameUniqueness<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isTeamNameTaken(error)) throw conflict(NAME_TAKEN);
      throw error;
    }
  }
}

/** Nothing new is stored under an erased persona's id (docs/adr/0067-rights-read-from-the-account.md). */
async function refuseErasedMembers(tx: Executor, input: Pick<UpdateTeamDto, 'managers' | 'memberIds'>): Promise<void> {
  await refuseErasedPersonas(tx, 'memberIds', input.memberIds ?? []);
  await refuseErasedPersonas(tx, 'managers', input.managers ?? []);
}

/** Only the fields the client sent; `null` clears the optional texts. */
function changesOf(input: UpdateTeamDto): TeamChanges {
  const changes: TeamChanges = {};
  if (input.organisation_id !== undefined) changes.organisationId = input.organisation_id;
  if (input.teamName !== undefined) changes.teamName = input.teamName;
  if (input.teamDescription !== undefined) changes.teamDescription = input.teamDescription;
  if (input.roleName !== undefined) changes.roleName = input.roleName;
  if (input.managers !== undefined) changes.managers = input.managers;
  if (input.memberIds !== undefined) changes.memberIds = input.memberIds;
  return changes;
}
