import { asc, eq, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { type PersonaRow, personas } from './persona.table';

/**
 * Read-only view of personas for other services (evaluation reads personas, statistics count
 * them) and for the persona sign-in. Writes belong to the profile service alone.
 */
export class PersonaDirectory {
  constructor(private readonly db: NodePgDatabase<Record<string, never>>) {}

  async findById(id: string): Promise<PersonaRow | undefined> {
    const [row] = await this.db.select().from(personas).where(eq(personas.id, id)).limit(1);
    return row;
  }

  /** Every persona of one user, oldest first. */
  findByUserId(userId: string): Promise<PersonaRow[]> {
    return this.db.select().from(personas).where(eq(personas.userId, userId)).orderBy(asc(personas.createdAt), asc(personas.id));
  }

  /**
   * The persona that signs in with this address: its own e-mail, else its user's, compared
   * ignoring case. A persona's own address is unique (a unique index on its lower case), but the
   * personas of one user may share their user's address; then a persona that is not blocked wins,
   * then the oldest, so the choice is stable.
   */
  async findByEmail(emailAddress: string): Promise<PersonaRow | undefined> {
    const [row] = await this.db
      .select()
      .from(personas)
      .where(sql`lower(coalesce(${personas.emailAddress}, ${personas.userEmailAddress})) = lower(${emailAddress})`)
      .orderBy(sql`${personas.status} = 'BLOCKED'`, asc(personas.createdAt), asc(personas.id))
      .limit(1);
    return row;
  }
}

/** The address a persona signs in with: its own, else its user's (undefined when it has neither). */
export function signInEmailOf(persona: Pick<PersonaRow, 'emailAddress' | 'userEmailAddress'>): string | undefined {
  return persona.emailAddress ?? persona.userEmailAddress ?? undefined;
}
