import { Injectable } from '@nestjs/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { type NewPersonaRow, PersonaDirectory, type PersonaRow, personas } from '@teamfit/personas';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';

export type PersonaChanges = Partial<Omit<NewPersonaRow, 'id' | 'createdAt' | 'updatedAt'>>;

export interface PersonaFilter {
  userId?: string | undefined;
  /** Case-insensitive substring of `role`. */
  role?: string | undefined;
}

/** LIKE treats % and _ as wildcards; a client's text is matched literally. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The one gateway to `profile.personas`: plain rows in, plain rows out, no rules. */
@Injectable()
export class PersonaRepository {
  private readonly directory: PersonaDirectory;

  constructor(@InjectDatabase() private readonly db: Database) {
    this.directory = new PersonaDirectory(db);
  }

  /** One page, oldest first with id as tie-breaker, and the total under the same filter. */
  async page(filter: PersonaFilter, offset: number, limit: number): Promise<{ rows: PersonaRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.userId !== undefined) conditions.push(eq(personas.userId, filter.userId));
    if (filter.role !== undefined) conditions.push(sql`${personas.role} ILIKE ${`%${escapeLike(filter.role)}%`} ESCAPE '\\'`);
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    // One snapshot for both queries, so total and page agree under concurrent writes.
    return this.db.transaction(
      async (tx) => {
        const rows = await tx.select().from(personas).where(where).orderBy(asc(personas.createdAt), asc(personas.id)).offset(offset).limit(limit);
        const [totals] = await tx.select({ total: count() }).from(personas).where(where);
        return { rows, total: totals?.total ?? 0 };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  findById(id: string): Promise<PersonaRow | undefined> {
    return this.directory.findById(id);
  }

  async insert(values: NewPersonaRow): Promise<PersonaRow> {
    const [row] = await this.db.insert(personas).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /** Changes only the given columns and bumps updated_at; `undefined` when no row has the id. */
  async update(id: string, changes: PersonaChanges): Promise<PersonaRow | undefined> {
    const [row] = await this.db
      .update(personas)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(personas.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const deleted = await this.db.delete(personas).where(eq(personas.id, id)).returning({ id: personas.id });
    return deleted.length > 0;
  }
}
