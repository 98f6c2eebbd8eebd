import { Injectable } from '@nestjs/common';
import { conflict, notFound } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { type AccountDto, type CreateAccountDto, mapAccount, type UpdateAccountDto } from './account.dto';
import { type AccountChanges, AccountRepository, isEmailAddressTaken } from './account.repository';

const EMAIL_TAKEN = 'An account with this e-mail address already exists';

/** Account rules. Raises DomainErrors only; the platform filter maps them to HTTP. */
@Injectable()
export class AccountService {
  constructor(
    private readonly repository: AccountRepository,
    @InjectDatabase() private readonly db: Database,
  ) {}

  async list(): Promise<AccountDto[]> {
    const rows = await this.repository.list();
    return rows.map(mapAccount);
  }

  async get(id: string): Promise<AccountDto> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('Account');
    return mapAccount(row);
  }

  async create(input: CreateAccountDto): Promise<AccountDto> {
    // The unique index decides, not a prior lookup: a check-then-insert would race.
    const row = await this.withEmailUniqueness(() =>
      this.repository.insert(this.db, {
        emailAddress: input.emailAddress,
        firstName: input.firstName,
        lastName: input.lastName,
        organisationId: input.organisationId ?? null,
        isAdmin: input.isAdmin ?? false,
        status: input.status ?? 'ACTIVE',
      }),
    );
    return mapAccount(row);
  }

  async update(id: string, input: UpdateAccountDto): Promise<AccountDto> {
    const row = await this.withEmailUniqueness(() => this.repository.update(this.db, id, changesOf(input)));
    if (!row) throw notFound('Account');
    return mapAccount(row);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.repository.delete(this.db, id))) throw notFound('Account');
  }

  private async withEmailUniqueness<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isEmailAddressTaken(error)) throw conflict(EMAIL_TAKEN);
      throw error;
    }
  }
}

/**
 * Only the fields the client sent: class-transformer leaves absent ones `undefined`, and those
 * must not overwrite stored values. `organisationId: null` is a real change (detach).
 */
function changesOf(input: UpdateAccountDto): AccountChanges {
  const changes: AccountChanges = {};
  if (input.emailAddress !== undefined) changes.emailAddress = input.emailAddress;
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.organisationId !== undefined) changes.organisationId = input.organisationId;
  if (input.isAdmin !== undefined) changes.isAdmin = input.isAdmin;
  if (input.status !== undefined) changes.status = input.status;
  return changes;
}
