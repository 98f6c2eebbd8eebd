import { Injectable } from '@nestjs/common';
import type { VerifiedToken } from '@teamfit/auth';
import { forbidden, notFound, validationFailed } from '@teamfit/common';
import type { PersonaRow } from '@teamfit/personas';
import { completenessOf } from './persona-completeness';
import type {
  CreatePersonaDto,
  PatchPersonaDto,
  PersonaAccessDto,
  PersonaDto,
  PersonaListQueryDto,
  PersonaPageDto,
  PersonaStatusDto,
  PersonaUserChangesDto,
  UpdatePersonaDto,
} from './persona.dto';
import { mapPersona } from './persona.mapper';
import { type PersonaChanges, PersonaRepository } from './persona.repository';

const DEFAULT_PAGE = 1;
const DEFAULT_LIMIT = 10;

/**
 * Persona rules. Who may do what (ARCHITECTURE.md section 3): administrators everything,
 * other accounts read, a persona token reads and patches only its own persona. Roles that the
 * guard cannot decide alone (a persona's own id) are checked here.
 */
@Injectable()
export class PersonaService {
  constructor(private readonly repository: PersonaRepository) {}

  async list(query: PersonaListQueryDto): Promise<PersonaPageDto> {
    const page = query.page ?? DEFAULT_PAGE;
    const limit = query.limit ?? DEFAULT_LIMIT;
    const { rows, total } = await this.repository.page({ userId: query.user_id, role: query.role }, (page - 1) * limit, limit);
    return { personas: rows.map(mapPersona), total, page, limit, totalPages: Math.ceil(total / limit) };
  }

  async get(id: string, caller: VerifiedToken): Promise<PersonaDto> {
    if (caller.kind === 'persona' && caller.personaId !== id) throw forbidden('A persona may read only its own persona');
    return mapPersona(await this.found(id));
  }

  /** The caller's own persona, named by the token's personaId claim. */
  async own(caller: VerifiedToken): Promise<PersonaDto> {
    return mapPersona(await this.found(personaIdOf(caller)));
  }

  async status(caller: VerifiedToken): Promise<PersonaStatusDto> {
    const row = await this.found(personaIdOf(caller));
    return { personaId: row.id, ...completenessOf(row) };
  }

  async create(input: CreatePersonaDto): Promise<PersonaDto> {
    const row = await this.repository.insert({
      userId: input.user_id,
      // Omitted, the identity column's sequence assigns the user's integer id.
      ...(input.user?.id !== undefined ? { userNumber: input.user.id } : {}),
      ...userChanges(input.user),
      role: input.role,
      description: input.description,
      emailAddress: input.emailAddress ?? null,
      linkedinProfileUrl: input.linkedinProfileUrl ?? null,
      personalWebsite: input.personalWebsite ?? null,
      contactNumber: input.contactNumber ?? null,
      roles: input.roles ?? [],
      status: input.status ?? 'PENDING',
    });
    return mapPersona(row);
  }

  async update(id: string, input: UpdatePersonaDto): Promise<PersonaDto> {
    const changes: PersonaChanges = { ...userChanges(input.user) };
    if (input.user_id !== undefined) changes.userId = input.user_id;
    if (input.role !== undefined) changes.role = input.role;
    if (input.description !== undefined) changes.description = input.description;
    if (input.emailAddress !== undefined) changes.emailAddress = input.emailAddress;
    if (input.linkedinProfileUrl !== undefined) changes.linkedinProfileUrl = input.linkedinProfileUrl;
    if (input.personalWebsite !== undefined) changes.personalWebsite = input.personalWebsite;
    if (input.contactNumber !== undefined) changes.contactNumber = input.contactNumber;
    return this.write(id, changes);
  }

  async patch(id: string, input: PatchPersonaDto, caller: VerifiedToken): Promise<PersonaDto> {
    if (caller.kind === 'persona' && caller.personaId !== id) throw forbidden('A persona may change only its own persona');
    if (caller.kind === 'account' && caller.isAdmin !== true) throw forbidden('Administrator rights are required');
    const changes: PersonaChanges = { ...userChanges(input.user) };
    if (input.role !== undefined) changes.role = input.role;
    if (input.profileBio !== undefined) changes.profileBio = input.profileBio;
    if (input.emailAddress !== undefined) changes.emailAddress = input.emailAddress;
    if (input.contactNumber !== undefined) changes.contactNumber = input.contactNumber;
    if (input.linkedinProfile !== undefined) changes.linkedinProfile = input.linkedinProfile;
    if (input.linkedinProfileUrl !== undefined) changes.linkedinProfileUrl = input.linkedinProfileUrl;
    if (input.portfolioURL !== undefined) changes.portfolioUrl = input.portfolioURL;
    if (input.xHandler !== undefined) changes.xHandler = input.xHandler;
    if (input.instagramHandler !== undefined) changes.instagramHandler = input.instagramHandler;
    if (input.resumeContent !== undefined) changes.resumeContent = input.resumeContent;
    if (input.verifiedEmail !== undefined) changes.verifiedEmail = input.verifiedEmail;
    if (input.verified !== undefined) changes.verified = input.verified;
    return this.write(id, changes);
  }

  /** Roles and status: administrators only, through their own route (spec section 3.1). */
  async setAccess(id: string, input: PersonaAccessDto): Promise<PersonaDto> {
    const changes: PersonaChanges = {};
    if (input.roles !== undefined) changes.roles = input.roles;
    if (input.status !== undefined) changes.status = input.status;
    return this.write(id, changes);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.repository.delete(id))) throw notFound('Persona');
  }

  private async write(id: string, changes: PersonaChanges): Promise<PersonaDto> {
    const row = await this.repository.update(id, changes);
    if (!row) throw notFound('Persona');
    return mapPersona(row);
  }

  private async found(id: string): Promise<PersonaRow> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('Persona');
    return row;
  }
}

/** The personaId claim; account tokens have none, which is the caller's mistake (400, spec 4.4). */
function personaIdOf(caller: VerifiedToken): string {
  if (!caller.personaId) throw validationFailed('The token carries no personaId claim');
  return caller.personaId;
}

/** The given user fields as columns: merged field by field, so omitted ones stay as stored. */
function userChanges(user: PersonaUserChangesDto | undefined): PersonaChanges {
  const changes: PersonaChanges = {};
  if (!user) return changes;
  if (user.firstName !== undefined) changes.userFirstName = user.firstName;
  if (user.lastName !== undefined) changes.userLastName = user.lastName;
  if (user.username !== undefined) changes.userUsername = user.username;
  if (user.emailAddress !== undefined) changes.userEmailAddress = user.emailAddress;
  return changes;
}
