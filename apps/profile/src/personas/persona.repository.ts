import { Injectable } from '@nestjs/common';
import { postgresErrorOf } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase, InjectReadDatabase } from '@teamfit/database';
import { lockPersonaAddress, type NewPersonaRow, PersonaDirectory, type PersonaRow, personas, type PersonaStatus } from '@teamfit/personas';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';

export type PersonaChanges = Partial<Omit<NewPersonaRow, 'id' | 'createdAt' | 'updatedAt'>>;

export const EMAIL_UNIQUE_INDEX = 'personas_email_address_unique_idx';

/** True when the error is the unique index on personas' own addresses refusing a duplicate. */
export function isEmailTaken(error: unknown): boolean {
  const postgres = postgresErrorOf(error);
  return postgres?.code === '23505' && postgres.constraint === EMAIL_UNIQUE_INDEX;
}

export interface PersonaFilter {
  userId?: string | undefined;
  /** Case-insensitive substring of `role`. */
  role?: string | undefined;
  /** Case-insensitive substring of the user's name (first and last), username or either e-mail address. */
  search?: string | undefined;
  status?: PersonaStatus | undefined;
}

/** LIKE treats % and _ as wildcards; a client's text is matched literally. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The one gateway to `profile.personas`: plain rows in, plain rows out, no rules. */
@Injectable()
export class PersonaRepository {
  private readonly directory: PersonaDirectory;

  constructor(
    @InjectDatabase() db: Database,
    @InjectReadDatabase() private readonly reads: Database,
  ) {
    this.directory = new PersonaDirectory(db);
  }

  /**
   * One page, oldest first with id as tie-breaker, and the total under the same filter; from the
   * read replica unless given another executor. The service runs both queries in one read-only
   * snapshot (`PersonaService.list`), so total and page agree under concurrent writes.
   */
  async page(
    filter: PersonaFilter,
    offset: number,
    limit: number,
    db: Executor = this.reads,
  ): Promise<{ rows: PersonaRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.userId !== undefined) conditions.push(eq(personas.userId, filter.userId));
    if (filter.role !== undefined) conditions.push(sql`${personas.role} ILIKE ${`%${escapeLike(filter.role)}%`} ESCAPE '\\'`);
    if (filter.search !== undefined && filter.search.trim() !== '') {
      const pattern = `%${escapeLike(filter.search.trim())}%`;
      const fullName = sql`concat_ws(' ', ${personas.userFirstName}, ${personas.userLastName})`;
      // The full name covers a part of either name; the username and both addresses besides.
      const searched = [fullName, personas.userUsername, personas.emailAddress, personas.userEmailAddress];
      conditions.push(
        sql`(${sql.join(
          searched.map((column) => sql`${column} ILIKE ${pattern} ESCAPE '\\'`),
          sql` OR `,
        )})`,
      );
    }
    if (filter.status !== undefined) conditions.push(eq(personas.status, filter.status));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await db
      .select()
      .from(personas)
      .where(where)
      .orderBy(asc(personas.createdAt), asc(personas.id))
      .offset(offset)
      .limit(limit);
    const [totals] = await db.select({ total: count() }).from(personas).where(where);
    return { rows, total: totals?.total ?? 0 };
  }

  findById(id: string): Promise<PersonaRow | undefined> {
    return this.directory.findById(id);
  }

  async findForUpdate(tx: Executor, id: string): Promise<PersonaRow | undefined> {
    const [row] = await tx.select().from(personas).where(eq(personas.id, id)).for('update');
    return row;
  }

  async insert(tx: Executor, values: NewPersonaRow): Promise<PersonaRow> {
    const [row] = await tx.insert(personas).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /** Changes only the given columns and bumps updated_at; `undefined` when no row has the id. */
  async update(tx: Executor, id: string, changes: PersonaChanges): Promise<PersonaRow | undefined> {
    const [row] = await tx
      .update(personas)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(personas.id, id))
      .returning();
    return row;
  }

  async delete(tx: Executor, id: string): Promise<boolean> {
    const deleted = await tx.delete(personas).where(eq(personas.id, id)).returning({ id: personas.id });
    return deleted.length > 0;
  }

  /**
   * Serialises every change that gives some persona this address (ignoring case) until the
   * transaction ends, so the check below and the write cannot interleave with another's.
   */
  async lockAddress(tx: Executor, address: string): Promise<void> {
    // The same lock the enrolment of a partner's candidate takes (libs/personas).
    await lockPersonaAddress(tx, address);
  }

  /**
   * Whether giving this address to a persona would share a sign-in address: another user's persona
   * signs in with it, or (for a persona's own address) any other persona already has it as its own.
   */
  async addressTaken(tx: Executor, address: string, ownAddress: boolean, self: { personaId?: string; userId: string }): Promise<boolean> {
    const lowered = sql`lower(${address}::text)`;
    const others = self.personaId === undefined ? sql`true` : sql`${personas.id} <> ${self.personaId}`;
    const ownClash = ownAddress ? sql`lower(${personas.emailAddress}) = ${lowered}` : sql`false`;
    const [row] = await tx
      .select({ id: personas.id })
      .from(personas)
      .where(
        sql`${others} AND ((${personas.userId} <> ${self.userId} AND lower(coalesce(${personas.emailAddress}, ${personas.userEmailAddress})) = ${lowered}) OR ${ownClash})`,
      )
      .limit(1);
    return row !== undefined;
  }
}
