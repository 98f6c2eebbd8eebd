import { Injectable } from '@nestjs/common';
import { LoginRepository, type VerifiedToken } from '@teamfit/auth';
import { conflict, forbidden, notFound, validationFailed } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase, InjectReadDatabase } from '@teamfit/database';
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
import { ADDRESS_TAKEN, PersonaEmailService } from './persona-email.service';
import type { EmailChangeField } from './persona-email-change.table';
import { isEmailTaken, type PersonaChanges, PersonaRepository } from './persona.repository';

const DEFAULT_PAGE = 1;
const DEFAULT_LIMIT = 10;

/**
 * Persona rules. Who may do what (docs/contract.md, "Access"): administrators everything,
 * other accounts read, a persona token reads and patches only its own persona. Roles that the
 * guard cannot decide alone (a persona's own id) are checked here.
 */
@Injectable()
export class PersonaService {
  constructor(
    @InjectDatabase() private readonly db: Database,
    @InjectReadDatabase() private readonly reads: Database,
    private readonly repository: PersonaRepository,
    private readonly emails: PersonaEmailService,
    private readonly loginRows: LoginRepository,
  ) {}

  async list(query: PersonaListQueryDto): Promise<PersonaPageDto> {
    const page = query.page ?? DEFAULT_PAGE;
    const limit = query.limit ?? DEFAULT_LIMIT;
    const filter = { userId: query.user_id, role: query.role, search: query.search, status: query.status };
    // One read-only snapshot for both queries, so total and page agree under concurrent writes.
    const { rows, total } = await this.reads.transaction((tx) => this.repository.page(filter, (page - 1) * limit, limit, tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
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
    const values = {
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
    };
    const row = await this.inTransaction(async (tx) => {
      await this.emails.assertAvailable(tx, { userId: values.userId }, { own: values.emailAddress, user: values.userEmailAddress });
      return this.repository.insert(tx, values);
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
    return caller.kind === 'persona' ? this.patchOwn(id, changes) : this.write(id, changes);
  }

  /** /persona/:id/email/verify: the code from the e-mail makes the pending address the persona's. */
  async confirmEmail(id: string, otp: string, caller: VerifiedToken): Promise<PersonaDto> {
    return mapPersona(await this.emails.confirm(id, otp, caller));
  }

  /** Roles and status: administrators only, through their own route (docs/profile.md, "Roles and status"). */
  async setAccess(id: string, input: PersonaAccessDto): Promise<PersonaDto> {
    const changes: PersonaChanges = {};
    if (input.roles !== undefined) changes.roles = input.roles;
    if (input.status !== undefined) changes.status = input.status;
    return this.write(id, changes);
  }

  /** The persona and its sign-in state go together: no code, session or lockout outlives it. */
  async remove(id: string): Promise<void> {
    const removed = await this.db.transaction(async (tx) => {
      if (!(await this.repository.delete(tx, id))) return false;
      await this.loginRows.deleteSubject(tx, id.toLowerCase());
      return true;
    });
    if (!removed) throw notFound('Persona');
  }

  /** An administrator's write: addresses change at once, unless another persona signs in with them (409). */
  private async write(id: string, changes: PersonaChanges): Promise<PersonaDto> {
    const row = await this.inTransaction(async (tx) => {
      const current = await this.repository.findForUpdate(tx, id);
      if (!current) return undefined;
      const movesUser = changes.userId !== undefined && changes.userId !== current.userId;
      // An address is checked when it changes (not only its case), and both when the persona moves to another user.
      const check = (next: string | null | undefined, stored: string | null): string | null | undefined => {
        const after = next === undefined ? stored : next;
        return movesUser || (after !== null && after.toLowerCase() !== stored?.toLowerCase()) ? after : undefined;
      };
      await this.emails.assertAvailable(
        tx,
        { personaId: id, userId: changes.userId ?? current.userId },
        {
          own: check(changes.emailAddress, current.emailAddress),
          user: clearsOwnAddress(current, changes.emailAddress)
            ? (changes.userEmailAddress ?? current.userEmailAddress)
            : check(changes.userEmailAddress, current.userEmailAddress),
        },
      );
      return this.repository.update(tx, id, changes);
    });
    if (!row) throw notFound('Persona');
    return mapPersona(row);
  }

  /**
   * A persona's own PATCH: every field but a new address changes at once; a new address (its own
   * or its user's) is only requested, with a code e-mailed to it, and changes when the code is
   * proven. Clearing an address, or changing only its case, needs no proof.
   */
  private async patchOwn(id: string, changes: PersonaChanges): Promise<PersonaDto> {
    const row = await this.inTransaction(async (tx) => {
      const current = await this.repository.findForUpdate(tx, id);
      if (!current) return undefined;
      const { emailAddress, userEmailAddress, ...direct } = changes;
      const proofs: [EmailChangeField, string][] = [];
      const sort = (
        field: EmailChangeField,
        next: string | null | undefined,
        stored: string | null,
        apply: (value: string | null) => void,
      ) => {
        if (next === undefined) return;
        if (next === null || next.toLowerCase() === stored?.toLowerCase()) apply(next);
        else proofs.push([field, next]);
      };
      const immediate: PersonaChanges = { ...direct };
      sort('emailAddress', emailAddress, current.emailAddress, (value) => (immediate.emailAddress = value));
      sort('user.emailAddress', userEmailAddress, current.userEmailAddress, (value) => (immediate.userEmailAddress = value));
      const [proof, second] = proofs;
      if (second) throw validationFailed('emailAddress and user.emailAddress can be changed only one at a time');
      if (clearsOwnAddress(current, immediate.emailAddress)) {
        await this.emails.assertAvailable(tx, { personaId: id, userId: current.userId }, { user: current.userEmailAddress });
      }
      const updated = await this.repository.update(tx, id, immediate);
      if (proof) await this.emails.requestChange(tx, current, ...proof);
      return updated;
    });
    if (!row) throw notFound('Persona');
    return mapPersona(row);
  }

  /** One transaction per change; the unique index on own addresses is the last word (409). */
  private async inTransaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      throw isEmailTaken(error) ? conflict(ADDRESS_TAKEN) : error;
    }
  }

  private async found(id: string): Promise<PersonaRow> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('Persona');
    return row;
  }
}

/** The personaId claim; account tokens have none, which is the caller's mistake (400, as the OpenAPI document says). */
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

/**
 * Whether a change clears the persona's own address: it then signs in with its user's address,
 * which must be checked like a new sign-in address.
 */
function clearsOwnAddress(current: { emailAddress: string | null }, next: string | null | undefined): boolean {
  return next === null && current.emailAddress !== null;
}
