import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { asc, count, eq } from 'drizzle-orm';
import { offsetOf, type PageRequest } from '@teamfit/common';
import { type RoleSpecificationRow, roleSpecifications } from '../../database/evaluation.schema';

export type RoleSpecificationCriteria = Partial<Omit<typeof roleSpecifications.$inferInsert, 'id'>>;

/** The one gateway to `evaluation.role_specifications`: plain rows in, plain rows out, no rules. */
@Injectable()
export class RoleSpecificationRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  list(page: PageRequest): Promise<RoleSpecificationRow[]> {
    return this.db.select().from(roleSpecifications).orderBy(asc(roleSpecifications.id)).limit(page.limit).offset(offsetOf(page));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(roleSpecifications);
    return row?.total ?? 0;
  }

  async findById(id: number, db: Executor = this.db): Promise<RoleSpecificationRow | undefined> {
    const [row] = await db.select().from(roleSpecifications).where(eq(roleSpecifications.id, id)).limit(1);
    return row;
  }

  async insert(tx: Executor, criteria: RoleSpecificationCriteria): Promise<RoleSpecificationRow> {
    const [row] = await tx.insert(roleSpecifications).values(criteria).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  async update(tx: Executor, id: number, changes: RoleSpecificationCriteria): Promise<RoleSpecificationRow | undefined> {
    if (Object.keys(changes).length === 0) return this.findById(id, tx);
    const [row] = await tx.update(roleSpecifications).set(changes).where(eq(roleSpecifications.id, id)).returning();
    return row;
  }

  /** Throws the driver's foreign-key violation while a role refers to the specification. */
  async delete(tx: Executor, id: number): Promise<boolean> {
    const deleted = await tx.delete(roleSpecifications).where(eq(roleSpecifications.id, id)).returning({ id: roleSpecifications.id });
    return deleted.length > 0;
  }
}
