import { Injectable } from '@nestjs/common';
import { postgresErrorOf } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { type NewTeamRow, type TeamRow, teams } from '@teamfit/personas';
import { asc, eq, sql } from 'drizzle-orm';

/** Name of the unique index on (organisation_id, lower(team_name)) (migration 0001_profile). */
const NAME_UNIQUE_INDEX = 'teams_organisation_name_key';

export type TeamChanges = Partial<
  Pick<NewTeamRow, 'organisationId' | 'teamName' | 'teamDescription' | 'roleName' | 'managers' | 'memberIds'>
>;

/** True when a write hit the per-organisation, case-insensitive team name index. */
export function isTeamNameTaken(error: unknown): boolean {
  const postgres = postgresErrorOf(error);
  return postgres?.code === '23505' && postgres.constraint === NAME_UNIQUE_INDEX;
}

/** The one gateway to `profile.teams`: plain rows in, plain rows out, no rules. */
@Injectable()
export class TeamRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Oldest first, id as tie-breaker, so the order is stable between calls. */
  list(): Promise<TeamRow[]> {
    return this.db.select().from(teams).orderBy(asc(teams.createdAt), asc(teams.id));
  }

  async findById(id: string): Promise<TeamRow | undefined> {
    const [row] = await this.db.select().from(teams).where(eq(teams.id, id)).limit(1);
    return row;
  }

  /** Throws the driver's unique violation when the name is taken (see isTeamNameTaken). */
  async insert(tx: Executor, values: NewTeamRow): Promise<TeamRow> {
    const [row] = await tx.insert(teams).values(values).returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /** Changes only the given columns and bumps updated_at; `undefined` when no row has the id. */
  async update(tx: Executor, id: string, changes: TeamChanges): Promise<TeamRow | undefined> {
    const [row] = await tx
      .update(teams)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(teams.id, id))
      .returning();
    return row;
  }

  async delete(tx: Executor, id: string): Promise<boolean> {
    const deleted = await tx.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
    return deleted.length > 0;
  }

  /** Takes the persona out of every team's members and managers (its erasure); answers how many teams changed. */
  async leaveTeams(tx: Executor, personaId: string): Promise<number> {
    const changed = await tx
      .update(teams)
      .set({
        memberIds: sql`array_remove(${teams.memberIds}, ${personaId}::text)`,
        managers: sql`array_remove(${teams.managers}, ${personaId}::text)`,
        updatedAt: sql`now()`,
      })
      .where(sql`${personaId}::text = ANY(${teams.memberIds}) OR ${personaId}::text = ANY(${teams.managers})`)
      .returning({ id: teams.id });
    return changed.length;
  }
}
