import { Injectable } from '@nestjs/common';
import { TOKEN_STANDING_TTL_MS } from '@teamfit/auth';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import {
  ERASURE_PART_TABLES,
  ERASURE_PARTS,
  ERASURE_REQUESTED_CHANNEL,
  type ErasurePart,
  type ErasurePartRow,
  notifyInTransaction,
  personaErasures,
  type PersonaErasureRow,
} from '@teamfit/privacy';
import { and, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';

export type NewPersonaErasure = Pick<
  typeof personaErasures.$inferInsert,
  'subjectHash' | 'requestedBy' | 'profileCounts' | 'pendingIdentity'
>;

/**
 * `profile.persona_erasures`, and the parts other services record in their own schemas (read
 * only, through the tables libs/privacy declares).
 */
@Injectable()
export class PersonaErasureRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async findBySubject(subjectHash: string): Promise<PersonaErasureRow | undefined> {
    const [row] = await this.db.select().from(personaErasures).where(eq(personaErasures.subjectHash, subjectHash));
    return row;
  }

  async findById(id: string): Promise<PersonaErasureRow | undefined> {
    const [row] = await this.db.select().from(personaErasures).where(eq(personaErasures.id, id));
    return row;
  }

  /** Inside the profile part's transaction: the record, and the other services woken when it commits. */
  async insert(tx: Executor, values: NewPersonaErasure): Promise<PersonaErasureRow> {
    const [row] = await tx
      .insert(personaErasures)
      .values({ ...values, parts: [...ERASURE_PARTS] })
      .returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    await notifyInTransaction(tx, ERASURE_REQUESTED_CHANNEL, row.id);
    return row;
  }

  /** Ids of the erasures not completed yet, oldest first. */
  async pendingIds(): Promise<string[]> {
    const rows = await this.db
      .select({ id: personaErasures.id })
      .from(personaErasures)
      .where(isNull(personaErasures.completedAt))
      .orderBy(personaErasures.requestedAt);
    return rows.map((row) => row.id);
  }

  /**
   * Completes the erasure if every part it expects is recorded, each at least
   * `TOKEN_STANDING_TTL_MS` ago (docs/adr/0067-rights-read-from-the-account.md): stamps it and drops the identity
   * the parts needed. One statement, so concurrent callers complete it once; `undefined` when it
   * was not completed by this call (parts missing, or completed already).
   */
  async completeIfDone(tx: Executor, id: string): Promise<PersonaErasureRow | undefined> {
    // Every part was recorded (so the record had committed) at least as long ago as a service
    // trusts a persona's standing: from completion on, every service refuses the persona's tokens.
    const settled = sql`now() - make_interval(secs => ${TOKEN_STANDING_TTL_MS / 1000})`;
    const partsDone: SQL[] = ERASURE_PARTS.map((part) => {
      const table = ERASURE_PART_TABLES[part];
      return sql`(NOT (${part} = ANY(${personaErasures.parts})) OR EXISTS (SELECT 1 FROM ${table} WHERE ${table.erasureId} = ${personaErasures.id} AND ${table.completedAt} <= ${settled}))`;
    });
    const [row] = await tx
      .update(personaErasures)
      .set({ completedAt: sql`now()`, pendingIdentity: null })
      .where(and(eq(personaErasures.id, id), isNull(personaErasures.completedAt), lte(personaErasures.requestedAt, settled), ...partsDone))
      .returning();
    return row;
  }

  /** The parts recorded so far for one erasure. */
  async partsOf(id: string): Promise<Partial<Record<ErasurePart, ErasurePartRow>>> {
    const found = await Promise.all(
      ERASURE_PARTS.map(async (part) => {
        const table = ERASURE_PART_TABLES[part];
        const [row] = await this.db.select().from(table).where(eq(table.erasureId, id));
        return [part, row] as const;
      }),
    );
    return Object.fromEntries(found.filter(([, row]) => row !== undefined));
  }
}
