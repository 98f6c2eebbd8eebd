import { Injectable } from '@nestjs/common';
import { conflict, notFound } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { ObjectId } from 'bson';
import { type CreateTeammateDto, mapTeammate, type TeammateDto, type UpdateTeammateDto } from './teammate.dto';
import { isTeammateEmailTaken, type TeammateChanges, TeammateRepository } from './teammate.repository';

const EMAIL_TAKEN = 'A teammate with this e-mail address already exists';

/** Teammate rules. Raises DomainErrors only; the platform filter maps them to HTTP. */
@Injectable()
export class TeammateService {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly repository: TeammateRepository,
  ) {}

  async list(): Promise<TeammateDto[]> {
    const rows = await this.repository.list();
    return rows.map(mapTeammate);
  }

  async get(id: string): Promise<TeammateDto> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('Teammate');
    return mapTeammate(row);
  }

  /** The teammate of the caller: the one whose e-mail address is the token's, ignoring case. */
  async getByEmail(emailAddress: string): Promise<TeammateDto> {
    const row = await this.repository.findByEmail(emailAddress);
    if (!row) throw notFound('Teammate');
    return mapTeammate(row);
  }

  async create(input: CreateTeammateDto): Promise<TeammateDto> {
    // The unique index decides, not a prior lookup: a check-then-insert would race.
    const row = await this.withEmailUniqueness(() =>
      this.repository.insert(this.db, {
        id: new ObjectId().toHexString(),
        firstName: input.firstName,
        lastName: input.lastName,
        emailAddress: input.emailAddress,
      }),
    );
    return mapTeammate(row);
  }

  async update(id: string, input: UpdateTeammateDto): Promise<TeammateDto> {
    const changes: TeammateChanges = {};
    if (input.firstName !== undefined) changes.firstName = input.firstName;
    if (input.lastName !== undefined) changes.lastName = input.lastName;
    if (input.emailAddress !== undefined) changes.emailAddress = input.emailAddress;
    const row = await this.withEmailUniqueness(() => this.repository.update(this.db, id, changes));
    if (!row) throw notFound('Teammate');
    return mapTeammate(row);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.repository.delete(this.db, id))) throw notFound('Teammate');
  }

  private async withEmailUniqueness<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isTeammateEmailTaken(error)) throw conflict(EMAIL_TAKEN);
      throw error;
    }
  }
}
