import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { asc, count, eq, sql } from 'drizzle-orm';
import { offsetOf, type PageRequest } from '@teamfit/common';
import { teamColumns, type TeamRow, teams } from '../../database/evaluation.schema';

export type NewTeam = Pick<typeof teams.$inferInsert, 'name' | 'organisationId' | 'memberPersonaIds'>;
export type TeamChanges = Partial<NewTeam>;

/**
 * The one gateway to `evaluation.teams`: plain rows in, plain rows out, no rules. The only class
 * that writes the table; the scoring's reads that join it into larger statements live with them.
 */
@Injectable()
export class TeamRepository {
  private readonly namesQuery;

  constructor(@InjectDatabase() private readonly db: Database) {
    this.namesQuery = db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(sql`${teams.id} IN (${sql.placeholder('a')}, ${sql.placeholder('b')})`)
      .prepare('evaluation_team_names');
  }

  list(page: PageRequest): Promise<TeamRow[]> {
    return this.db.select(teamColumns).from(teams).orderBy(asc(teams.id)).limit(page.limit).offset(offsetOf(page));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(teams);
    return row?.total ?? 0;
  }

  async findById(id: number, db: Executor = this.db): Promise<TeamRow | undefined> {
    const [row] = await db.select(teamColumns).from(teams).where(eq(teams.id, id)).limit(1);
    return row;
  }

  /** Ids and names of two teams (those that exist), without their member lists. */
  async namesOf(a: number, b: number): Promise<{ id: number; name: string }[]> {
    return this.namesQuery.execute({ a, b });
  }

  /** How many teams have any of these personas as a member. */
  async countWithAnyMember(personaIds: readonly string[], db: Executor = this.db): Promise<number> {
    if (personaIds.length === 0) return 0;
    const [row] = await db
      .select({ total: count() })
      .from(teams)
      .where(sql`${teams.memberPersonaIds} && ${sql.param([...personaIds])}::uuid[]`);
    return row?.total ?? 0;
  }

  async insert(tx: Executor, values: NewTeam): Promise<TeamRow> {
    const [row] = await tx.insert(teams).values(values).returning(teamColumns);
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  async update(tx: Executor, id: number, changes: TeamChanges): Promise<TeamRow | undefined> {
    if (Object.keys(changes).length === 0) return this.findById(id, tx);
    const [row] = await tx.update(teams).set(changes).where(eq(teams.id, id)).returning(teamColumns);
    return row;
  }

  /** Throws the driver's foreign-key violation while a role (or an evaluation) refers to the team. */
  async delete(tx: Executor, id: number): Promise<boolean> {
    const deleted = await tx.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
    return deleted.length > 0;
  }

  /**
   * Takes the persona out of every member list it is in; the ids of those teams. Each gets a new
   * profiles version (the triggers of migration 0005), so no cached team aggregate still counts it.
   */
  async removeMember(tx: Executor, personaId: string): Promise<number[]> {
    const left = await tx
      .update(teams)
      .set({ memberPersonaIds: sql`array_remove(${teams.memberPersonaIds}, ${personaId}::uuid)` })
      .where(sql`${teams.memberPersonaIds} @> ARRAY[${personaId}::uuid]`)
      .returning({ id: teams.id });
    return left.map((team) => team.id);
  }
}
