import { Injectable } from '@nestjs/common';
import { conflict, notFound, type PageRequest, postgresErrorOf } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import type { UserExperienceRow, UserGoalRow } from '../../database/evaluation.schema';
import { LookupService } from '../lookups/lookup.service';
import { UNIQUE_VIOLATION } from '../shared/postgres-codes';
import { EXPERIENCE_FIELDS, GOAL_FIELDS, type UserRecordField } from './user-record.dto';
import { UserExperienceRepository } from './user-experience.repository';
import { UserGoalRepository } from './user-goal.repository';
import type { UserRecordRepository } from './user-record.repository';

/** The validated body of a write: the record's fields, each absent, a set of ids, or one id (or null). */
export type UserRecordInput = Partial<Record<string, number[] | number | null>>;

export interface UserRecordDescriptor {
  collection: 'userexperiences' | 'usergoals';
  /** Singular, capitalised: messages say "User goal not found". */
  label: string;
  fields: readonly UserRecordField[];
}

export const USER_EXPERIENCES: UserRecordDescriptor = {
  collection: 'userexperiences',
  label: 'User experience',
  fields: EXPERIENCE_FIELDS,
};
export const USER_GOALS: UserRecordDescriptor = { collection: 'usergoals', label: 'User goal', fields: GOAL_FIELDS };

/**
 * The rules of a record keyed by user id whose fields are lookup ids: every id must exist (400
 * naming the field) and stays locked until the write commits (see lookup-references.ts).
 * Subclassed once per record kind; raises DomainErrors only.
 */
export abstract class UserRecordService<Row extends { userId: number }> {
  protected constructor(
    private readonly db: Database,
    private readonly repository: UserRecordRepository<Row>,
    private readonly lookups: LookupService,
    readonly descriptor: UserRecordDescriptor,
  ) {}

  async list(page: PageRequest): Promise<{ items: Row[]; total: number }> {
    const [items, total] = await Promise.all([this.repository.list(page), this.repository.count()]);
    return { items, total };
  }

  async get(userId: number): Promise<Row> {
    const row = await this.repository.findByUserId(userId);
    if (!row) throw notFound(this.descriptor.label);
    return row;
  }

  /** POST: 409 when the user already has a record (PUT /:userId changes it). */
  async create(userId: number, input: UserRecordInput): Promise<Row> {
    const fresh = this.freshRecord(userId, this.changesOf(input));
    try {
      return await this.db.transaction(async (tx) => {
        await this.lockReferencedLookups(tx, fresh);
        return this.repository.insert(tx, fresh);
      });
    } catch (error) {
      if (postgresErrorOf(error)?.code === UNIQUE_VIOLATION) {
        throw conflict(
          `${this.descriptor.label} of user ${userId} already exists; PUT /algorithm/${this.descriptor.collection}/${userId} changes it`,
        );
      }
      throw error;
    }
  }

  /** PUT: creates the record (absent fields [] or null) or changes only the fields given. */
  async upsert(userId: number, input: UserRecordInput): Promise<{ row: Row; created: boolean }> {
    const changes = this.changesOf(input);
    return this.db.transaction(async (tx) => {
      await this.lockReferencedLookups(tx, changes);
      return this.repository.upsert(tx, this.freshRecord(userId, changes), changes);
    });
  }

  async remove(userId: number): Promise<void> {
    if (!(await this.repository.delete(this.db, userId))) throw notFound(this.descriptor.label);
  }

  /** Only the record's own fields, copied (plain arrays, no DTO instances). */
  private changesOf(input: UserRecordInput): Partial<Row> {
    const changes: Record<string, number[] | number | null> = {};
    for (const { field } of this.descriptor.fields) {
      const value = input[field];
      if (value !== undefined) changes[field] = Array.isArray(value) ? [...value] : value;
    }
    return changes as Partial<Row>;
  }

  private freshRecord(userId: number, changes: Partial<Row>): Row {
    const record: Record<string, unknown> = { userId };
    for (const { field, many } of this.descriptor.fields) record[field] = many ? [] : null;
    return { ...record, ...changes } as Row;
  }

  private async lockReferencedLookups(tx: Executor, values: Partial<Row>): Promise<void> {
    for (const { field, lookup } of this.descriptor.fields) {
      const value = (values as UserRecordInput)[field];
      if (value === undefined || value === null) continue;
      await this.lookups.lockReferenced(tx, lookup, Array.isArray(value) ? value : [value], field);
    }
  }
}

@Injectable()
export class UserExperienceService extends UserRecordService<UserExperienceRow> {
  constructor(@InjectDatabase() db: Database, repository: UserExperienceRepository, lookups: LookupService) {
    super(db, repository, lookups, USER_EXPERIENCES);
  }
}

@Injectable()
export class UserGoalService extends UserRecordService<UserGoalRow> {
  constructor(@InjectDatabase() db: Database, repository: UserGoalRepository, lookups: LookupService) {
    super(db, repository, lookups, USER_GOALS);
  }
}
