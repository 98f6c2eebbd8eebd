import { Injectable } from '@nestjs/common';
import { OBJECT_ID, postgresErrorOf } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import {
  type NewOrganisationRow,
  ORGANISATION_NAME_INDEX,
  ORGANISATION_URL_NAME_INDEX,
  organisations,
  type OrganisationRow,
} from '@teamfit/accounts';
import type { OrganisationChanges } from './organisation-form';

export type UniqueField = 'name' | 'urlName';

/** Which unique value a write collided with, if it was a unique violation of ours. */
export function takenFieldOf(error: unknown): UniqueField | undefined {
  const postgres = postgresErrorOf(error);
  if (postgres?.code !== '23505') return undefined;
  if (postgres.constraint === ORGANISATION_NAME_INDEX) return 'name';
  if (postgres.constraint === ORGANISATION_URL_NAME_INDEX) return 'urlName';
  return undefined;
}

/** The one gateway to `organisation.organisations`: plain rows in, plain rows out, no rules. */
@Injectable()
export class OrganisationRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Oldest first, id as tie-breaker, so the order is stable between calls. */
  list(): Promise<OrganisationRow[]> {
    return this.db.select().from(organisations).orderBy(asc(organisations.createdAt), asc(organisations.id));
  }

  /** By the UUID `id` or the 24-hex `_id`. */
  async findByKey(key: string): Promise<OrganisationRow | undefined> {
    const [row] = await this.db.select().from(organisations).where(keyMatches(key));
    return row;
  }

  /** Another organisation (not `exceptId`) already using the name or the URL name, any letter case. */
  async findTaken(name: string | undefined, urlName: string | undefined, exceptId?: string): Promise<UniqueField | undefined> {
    const conditions = [];
    if (name !== undefined) conditions.push(sql`lower(${organisations.name}) = lower(${name})`);
    if (urlName !== undefined) conditions.push(sql`lower(${organisations.urlName}) = lower(${urlName})`);
    if (conditions.length === 0) return undefined;
    const rows = await this.db
      .select({ id: organisations.id, name: organisations.name, urlName: organisations.urlName })
      .from(organisations)
      .where(or(...conditions));
    const others = rows.filter((row) => row.id !== exceptId);
    if (name !== undefined && others.some((row) => row.name.toLowerCase() === name.toLowerCase())) return 'name';
    if (others.length > 0) return 'urlName';
    return undefined;
  }

  /** Throws the driver's unique violation when a name is taken (see takenFieldOf). */
  async insert(tx: Executor, values: NewOrganisationRow): Promise<OrganisationRow> {
    const [row] = await tx.insert(organisations).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /**
   * Changes the given columns (and the logo when `logoMediaId` is given) in one statement that
   * first locks the row (the `previous` CTE, FOR UPDATE), so the logo it replaces is exactly the one
   * that was there, even when another update of the row commits meanwhile. `undefined` when no
   * row has the key.
   */
  async update(
    tx: Executor,
    key: string,
    changes: OrganisationChanges,
    logoMediaId?: string,
  ): Promise<{ row: OrganisationRow; previousLogoMediaId: string | null } | undefined> {
    const previous = tx
      .$with('previous')
      .as(
        tx
          .select({ id: organisations.id, logoMediaId: organisations.logoMediaId })
          .from(organisations)
          .where(keyMatches(key))
          .for('update'),
      );
    const [updated] = await tx
      .with(previous)
      .update(organisations)
      .set({ ...changes, ...(logoMediaId === undefined ? {} : { logoMediaId }), updatedAt: sql`now()` })
      .from(previous)
      .where(eq(organisations.id, previous.id))
      .returning({ ...getTableColumns(organisations), previousLogoMediaId: previous.logoMediaId });
    if (!updated) return undefined;
    const { previousLogoMediaId, ...row } = updated;
    return { row, previousLogoMediaId };
  }

  async delete(tx: Executor, key: string): Promise<OrganisationRow | undefined> {
    const [row] = await tx.delete(organisations).where(keyMatches(key)).returning();
    return row;
  }
}

function keyMatches(key: string) {
  return OBJECT_ID.test(key) ? eq(organisations.objectId, key) : eq(organisations.id, key);
}
