import { Injectable } from '@nestjs/common';
import { conflict, notFound, type PageRequest, validationFailed } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { referrersOf } from '../shared/lookup-references';
import { type LookupCollection, type LookupDescriptor, type LookupRow, LOOKUPS } from './lookup.descriptors';
import type { CreateNamedLookupDto, LookupInput } from './lookup.dto';
import { LookupRepository } from './lookup.repository';

/** The rules of every lookup, parameterised by its descriptor. Raises DomainErrors only. */
@Injectable()
export class LookupService {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly repository: LookupRepository,
  ) {}

  async list(lookup: LookupDescriptor, page: PageRequest): Promise<{ items: LookupRow[]; total: number }> {
    const [items, total] = await Promise.all([this.repository.list(lookup, page), this.repository.count(lookup)]);
    return { items, total };
  }

  async get(lookup: LookupDescriptor, id: number): Promise<LookupRow> {
    const row = await this.repository.findById(lookup, id);
    if (!row) throw notFound(lookup.label);
    return row;
  }

  create(lookup: LookupDescriptor, input: CreateNamedLookupDto & LookupInput): Promise<LookupRow> {
    return this.repository.insert(this.db, lookup, input);
  }

  async update(lookup: LookupDescriptor, id: number, input: LookupInput): Promise<LookupRow> {
    const row = await this.repository.update(this.db, lookup, id, input);
    if (!row) throw notFound(lookup.label);
    return row;
  }

  /**
   * For a write in `tx` that stores these lookup ids (role specifications, user records): holds
   * FOR KEY SHARE on the rows until the transaction ends (see lookup-references.ts); 400 naming
   * `field` when any id does not exist.
   */
  async lockReferenced(tx: Executor, lookup: LookupCollection, ids: readonly number[], field: string): Promise<void> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return;
    const existing = new Set(await this.repository.lockForReference(tx, LOOKUPS[lookup], wanted));
    const missing = wanted.filter((id) => !existing.has(id));
    if (missing.length > 0) {
      throw validationFailed(`${field} refers to unknown ${lookup} id${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
    }
  }

  /** 409 while a role specification, user experience or user goal still refers to the row. */
  async remove(lookup: LookupDescriptor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await this.repository.lockForDelete(tx, lookup, id))) throw notFound(lookup.label);
      const referrers = await referrersOf(tx, lookup.collection, id);
      if (referrers.length > 0) {
        throw conflict(`${lookup.label} ${id} is still used by ${referrers.join(' and ')}`);
      }
      await this.repository.delete(tx, lookup, id);
    });
  }
}
