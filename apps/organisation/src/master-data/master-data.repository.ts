import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { asc, eq, sql } from 'drizzle-orm';
import type { MasterDataType } from './master-data.types';

/** A stored record: `id`, `name` and the type's own columns, by column key. */
export type MasterDataRow = { id: string; name: string } & Record<string, unknown>;
/** Column values to write, by column key. */
export type MasterDataValues = Record<string, unknown>;

/**
 * The one gateway to the seven master-data tables, parameterised by the type. Drizzle cannot type
 * a query over "any of these tables", so rows are checked into `MasterDataRow` here, once.
 */
@Injectable()
export class MasterDataRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** By name ignoring case, then `_id`: stable between calls. */
  async list(type: MasterDataType): Promise<MasterDataRow[]> {
    const rows = await this.db
      .select()
      .from(type.table)
      .orderBy(sql`lower(${type.table.name})`, asc(type.table.id));
    return rows as MasterDataRow[];
  }

  async findById(type: MasterDataType, id: string, db: Executor = this.db): Promise<MasterDataRow | undefined> {
    const [row] = await db.select().from(type.table).where(eq(type.table.id, id)).limit(1);
    return row as MasterDataRow | undefined;
  }

  /** Throws the driver's unique or foreign-key violation; the service names it. */
  async insert(tx: Executor, type: MasterDataType, values: MasterDataValues & { id: string; name: string }): Promise<MasterDataRow> {
    const [row] = await tx.insert(type.table).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row as MasterDataRow;
  }

  /** Changes only the given columns; `undefined` when no row has the id. */
  async update(tx: Executor, type: MasterDataType, id: string, changes: MasterDataValues): Promise<MasterDataRow | undefined> {
    if (Object.keys(changes).length === 0) return this.findById(type, id, tx);
    const [row] = await tx.update(type.table).set(changes).where(eq(type.table.id, id)).returning();
    return row as MasterDataRow | undefined;
  }

  /** Throws the driver's foreign-key violation when other records still refer to the row. */
  async delete(tx: Executor, type: MasterDataType, id: string): Promise<boolean> {
    const deleted = await tx.delete(type.table).where(eq(type.table.id, id)).returning({ id: type.table.id });
    return deleted.length > 0;
  }
}
