import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase, InjectReadDatabase } from '@teamfit/database';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { offsetOf, type PageRequest } from '@teamfit/common';
import type { LookupDescriptor, LookupRow } from './lookup.descriptors';
import type { LookupInput } from './lookup.dto';

/**
 * The one gateway to the seven lookup tables, told which by a descriptor: plain rows in and out,
 * no rules. Only the kind's own columns are read and written.
 */
@Injectable()
export class LookupRepository {
  constructor(
    @InjectDatabase() private readonly db: Database,
    @InjectReadDatabase() private readonly reads: Database,
  ) {}

  /** Lists and their counts come from the read replica; lookups by id (validation of writes) do not. */
  async list(lookup: LookupDescriptor, page: PageRequest): Promise<LookupRow[]> {
    const rows = await this.reads.select().from(lookup.table).orderBy(asc(lookup.table.id)).limit(page.limit).offset(offsetOf(page));
    return rows.map((row) => rowOf(lookup, row));
  }

  async count(lookup: LookupDescriptor): Promise<number> {
    const [row] = await this.reads.select({ total: count() }).from(lookup.table);
    return row?.total ?? 0;
  }

  async findById(lookup: LookupDescriptor, id: number, db: Executor = this.db): Promise<LookupRow | undefined> {
    const [row] = await db.select().from(lookup.table).where(eq(lookup.table.id, id)).limit(1);
    return row && rowOf(lookup, row);
  }

  async insert(tx: Executor, lookup: LookupDescriptor, input: Required<Pick<LookupInput, 'name'>> & LookupInput): Promise<LookupRow> {
    const [row] = await tx.insert(lookup.table).values(columnsOf(lookup, input)).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return rowOf(lookup, row);
  }

  /** Changes only the given columns; `undefined` when no row has the id. */
  async update(tx: Executor, lookup: LookupDescriptor, id: number, changes: LookupInput): Promise<LookupRow | undefined> {
    const values = columnsOf(lookup, changes);
    if (Object.keys(values).length === 0) return this.findById(lookup, id, tx);
    const [row] = await tx.update(lookup.table).set(values).where(eq(lookup.table.id, id)).returning();
    return row && rowOf(lookup, row);
  }

  /** SELECT … FOR UPDATE: the row cannot gain a referrer until the transaction ends. */
  async lockForDelete(tx: Executor, lookup: LookupDescriptor, id: number): Promise<boolean> {
    const rows = await tx.select({ id: lookup.table.id }).from(lookup.table).where(eq(lookup.table.id, id)).for('update');
    return rows.length > 0;
  }

  /**
   * SELECT … FOR KEY SHARE on those of `ids` that exist (in id order, so concurrent writers lock
   * alike): none of them can be deleted until the transaction ends. The ids found.
   */
  async lockForReference(tx: Executor, lookup: LookupDescriptor, ids: readonly number[]): Promise<number[]> {
    const { table } = lookup;
    const found = await tx
      .select({ id: table.id })
      .from(table)
      .where(inArray(table.id, [...ids]))
      .orderBy(table.id)
      .for('key share');
    return found.map((row) => row.id);
  }

  async delete(tx: Executor, lookup: LookupDescriptor, id: number): Promise<void> {
    await tx.delete(lookup.table).where(eq(lookup.table.id, id));
  }
}

/** The kind's columns of a write, absent ones left out. */
function columnsOf(lookup: LookupDescriptor, input: LookupInput): { name: string; orderBy: number; countryId: number } {
  const values: LookupInput = {};
  if (input.name !== undefined) values.name = input.name;
  if (lookup.kind === 'ordered' && input.orderBy !== undefined) values.orderBy = input.orderBy;
  if (lookup.kind === 'located' && input.countryId !== undefined) values.countryId = input.countryId;
  // Drizzle's insert/update types cannot follow a union of tables; the kind check above is the real guard.
  return values as { name: string; orderBy: number; countryId: number };
}

function rowOf(lookup: LookupDescriptor, row: { id: number; name: string; orderBy?: number; countryId?: number }): LookupRow {
  switch (lookup.kind) {
    case 'named':
      return { id: row.id, name: row.name };
    case 'ordered':
      return { id: row.id, name: row.name, orderBy: row.orderBy ?? 0 };
    case 'located':
      return { id: row.id, name: row.name, countryId: row.countryId ?? 0 };
  }
}
