import { inArray } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { personaDemographics, type RaceEthnicity, type Sex } from './demographics.table';

export interface DeclaredDemographics {
  sex: Sex;
  raceEthnicity: RaceEthnicity;
}

/** Persona ids asked for at a time: one statement's parameter list stays small. */
const CHUNK = 1000;

/**
 * Read-only view of the demographics for the adverse-impact report in the evaluation service
 * (the profile service alone writes them). Answers only the personas that declared some.
 */
export class DemographicsDirectory {
  constructor(private readonly db: NodePgDatabase<Record<string, never>>) {}

  async ofPersonas(personaIds: readonly string[]): Promise<Map<string, DeclaredDemographics>> {
    const found = new Map<string, DeclaredDemographics>();
    const ids = [...new Set(personaIds)];
    for (let start = 0; start < ids.length; start += CHUNK) {
      const rows = await this.db
        .select({
          personaId: personaDemographics.personaId,
          sex: personaDemographics.sex,
          raceEthnicity: personaDemographics.raceEthnicity,
        })
        .from(personaDemographics)
        .where(inArray(personaDemographics.personaId, ids.slice(start, start + CHUNK)));
      for (const row of rows) found.set(row.personaId, { sex: row.sex, raceEthnicity: row.raceEthnicity });
    }
    return found;
  }
}
