import { count, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { personas } from './persona.table';
import { teams } from './team.table';

export interface PersonaCounts {
  total: number;
  active: number;
  inactive: number;
  candidates: number;
  employees: number;
  hr: number;
  teamManagers: number;
  managers: number;
}

const hasRole = (role: string) => sql<number>`count(*) FILTER (WHERE ${role} = ANY(${personas.roles}))::int`;

/** Counts over the profile service's data, for the organisation service's statistics (`GET /organisation/stats`). */
export class ProfileStatistics {
  constructor(private readonly db: NodePgDatabase<Record<string, never>>) {}

  /** One pass over the personas; role counts overlap, so they may add up to more than the total. */
  async personaCounts(): Promise<PersonaCounts> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`count(*) FILTER (WHERE ${personas.status} = 'ACTIVE')::int`,
        inactive: sql<number>`count(*) FILTER (WHERE ${personas.status} IN ('BLOCKED', 'PENDING'))::int`,
        candidates: hasRole('CANDIDATE'),
        employees: hasRole('EMPLOYEE'),
        hr: hasRole('HR'),
        teamManagers: hasRole('TEAM_MANAGER'),
        managers: hasRole('MANAGER'),
      })
      .from(personas);
    return row ?? { total: 0, active: 0, inactive: 0, candidates: 0, employees: 0, hr: 0, teamManagers: 0, managers: 0 };
  }

  async teamCount(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(teams);
    return row?.n ?? 0;
  }
}
