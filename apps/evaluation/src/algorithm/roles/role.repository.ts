import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { asc, count, eq, type SQL } from 'drizzle-orm';
import { offsetOf, type PageRequest } from '@teamfit/common';
import { type RoleRow, roles } from '../../database/evaluation.schema';

export type NewRole = Pick<typeof roles.$inferInsert, 'organisationId' | 'title' | 'teamId' | 'roleSpecificationId' | 'criteriaWeight'>;
export type RoleChanges = Partial<NewRole>;

/** The one gateway to `evaluation.roles`: plain rows in, plain rows out, no rules. */
@Injectable()
export class RoleRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  list(page: PageRequest, teamId?: number): Promise<RoleRow[]> {
    return this.db.select().from(roles).where(byTeam(teamId)).orderBy(asc(roles.id)).limit(page.limit).offset(offsetOf(page));
  }

  async count(teamId?: number): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(roles).where(byTeam(teamId));
    return row?.total ?? 0;
  }

  async findById(id: number, db: Executor = this.db): Promise<RoleRow | undefined> {
    const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
    return row;
  }

  /** Throws the driver's foreign-key violation when the team or specification does not exist. */
  async insert(tx: Executor, values: NewRole): Promise<RoleRow> {
    const [row] = await tx.insert(roles).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  async update(tx: Executor, id: number, changes: RoleChanges): Promise<RoleRow | undefined> {
    if (Object.keys(changes).length === 0) return this.findById(id, tx);
    const [row] = await tx.update(roles).set(changes).where(eq(roles.id, id)).returning();
    return row;
  }

  async delete(tx: Executor, id: number): Promise<boolean> {
    const deleted = await tx.delete(roles).where(eq(roles.id, id)).returning({ id: roles.id });
    return deleted.length > 0;
  }
}

function byTeam(teamId: number | undefined): SQL | undefined {
  return teamId === undefined ? undefined : eq(roles.teamId, teamId);
}
