import { Injectable } from '@nestjs/common';
import { conflict, notFound, type PageRequest, postgresErrorOf } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { LookupService } from '../lookups/lookup.service';
import { isReferencedRowViolation } from '../shared/postgres-codes';
import { CRITERIA, mapRoleSpecification, type RoleSpecificationDto, type RoleSpecificationInput } from './role-specification.dto';
import { type RoleSpecificationCriteria, RoleSpecificationRepository } from './role-specification.repository';

/** Role specification rules. Raises DomainErrors only; the platform filter maps them to HTTP. */
@Injectable()
export class RoleSpecificationService {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly repository: RoleSpecificationRepository,
    private readonly lookups: LookupService,
  ) {}

  async list(page: PageRequest): Promise<{ items: RoleSpecificationDto[]; total: number }> {
    const [rows, total] = await Promise.all([this.repository.list(page), this.repository.count()]);
    return { items: rows.map(mapRoleSpecification), total };
  }

  async get(id: number): Promise<RoleSpecificationDto> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('Role specification');
    return mapRoleSpecification(row);
  }

  /** Absent criteria are stored as null: not configured. */
  async create(input: RoleSpecificationInput): Promise<RoleSpecificationDto> {
    const criteria = criteriaOf(input);
    for (const { field } of CRITERIA) criteria[field] ??= null;
    const row = await this.db.transaction(async (tx) => {
      await this.lockReferencedLookups(tx, criteria);
      return this.repository.insert(tx, criteria);
    });
    return mapRoleSpecification(row);
  }

  /** Only the criteria given change; null removes one. */
  async update(id: number, input: RoleSpecificationInput): Promise<RoleSpecificationDto> {
    const changes = criteriaOf(input);
    const row = await this.db.transaction(async (tx) => {
      await this.lockReferencedLookups(tx, changes);
      return this.repository.update(tx, id, changes);
    });
    if (!row) throw notFound('Role specification');
    return mapRoleSpecification(row);
  }

  /** The roles' foreign key decides, so no role can be attached between a check and the delete. */
  async remove(id: number): Promise<void> {
    let deleted: boolean;
    try {
      deleted = await this.repository.delete(this.db, id);
    } catch (error) {
      if (isReferencedRowViolation(postgresErrorOf(error)?.code)) throw conflict(`Role specification ${id} is still used by roles`);
      throw error;
    }
    if (!deleted) throw notFound('Role specification');
  }

  /** Every lookup id the criteria name must exist; they stay locked (FOR KEY SHARE) until commit. */
  private async lockReferencedLookups(tx: Executor, criteria: RoleSpecificationCriteria): Promise<void> {
    for (const criterion of CRITERIA) {
      const value = criteria[criterion.field];
      if (!value) continue;
      if ('ids' in value) await this.lookups.lockReferenced(tx, criterion.lookup, value.ids, `${criterion.field}.ids`);
      else await this.lookups.lockReferenced(tx, criterion.lookup, [value.id], `${criterion.field}.id`);
    }
  }
}

/** Copies the given criteria as plain objects (no DTO class reaches JSONB). */
function criteriaOf(input: RoleSpecificationInput): RoleSpecificationCriteria {
  const criteria: RoleSpecificationCriteria = {};
  for (const criterion of CRITERIA) {
    const value = input[criterion.field];
    if (value === undefined) continue;
    if (value === null) {
      criteria[criterion.field] = null;
    } else if ('ids' in value) {
      criteria[criterion.field as 'industry'] = { ids: [...value.ids], priority: value.priority };
    } else {
      criteria[criterion.field as 'professionalYears'] = { id: value.id, priority: value.priority };
    }
  }
  return criteria;
}
