import { Injectable } from '@nestjs/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { asc, count, eq } from 'drizzle-orm';
import { offsetOf, type PageRequest } from '@teamfit/common';
import { teamColumns, type TeamRow, teams } from '../../database/evaluation.schema';

export type NewTeam = Pick<typeof teams.$inferInsert, 'name' | 'organisationId' | 'memberPersonaIds'>;
export type TeamChanges = Partial<NewTeam>;

/** The one gateway to `evaluation.teams`: plain rows in, plain rows out, no rules. */
@Injectable()
export class TeamRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  list(page: PageRequest): Promise<TeamRow[]> {
    return this.db.select(teamColumns).from(teams).orderBy(asc(teams.id)).limit(page.limit).offset(offsetOf(page));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(teams);
    return row?.total ?? 0;
  }

  async findById(id: number): Promise<TeamRow | undefined> {
    const [row] = await this.db.select(teamColumns).from(teams).where(eq(teams.id, id)).limit(1);
    return row;
  }

  async insert(values: NewTeam): Promise<TeamRow> {
    const [row] = await this.db.insert(teams).values(values).returning(teamColumns);
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  async update(id: number, changes: TeamChanges): Promise<TeamRow | undefined> {
    if (Object.keys(changes).length === 0) return this.findById(id);
    const [row] = await this.db.update(teams).set(changes).where(eq(teams.id, id)).returning(teamColumns);
    return row;
  }

  /** Throws the driver's foreign-key violation while a role (or an evaluation) refers to the team. */
  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
    return deleted.length > 0;
  }
}
