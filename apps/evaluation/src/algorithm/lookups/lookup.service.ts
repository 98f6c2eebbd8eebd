import { Injectable } from '@nestjs/common';
import { conflict, notFound, type PageRequest } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { referrersOf } from '../shared/lookup-references';
import type { LookupDescriptor, LookupRow } from './lookup.descriptors';
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
