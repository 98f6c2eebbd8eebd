import { Injectable } from '@nestjs/common';
import { type PersonaDemographicsRow, personaDemographics } from '@teamfit/demographics';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { eq } from 'drizzle-orm';

export type DemographicsValues = Pick<PersonaDemographicsRow, 'personaId' | 'sex' | 'raceEthnicity' | 'consentedAt'>;

/** The one gateway to `profile.persona_demographics` (declared in libs/demographics). */
@Injectable()
export class DemographicsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async find(personaId: string, db: Executor = this.db): Promise<PersonaDemographicsRow | undefined> {
    const [row] = await db.select().from(personaDemographics).where(eq(personaDemographics.personaId, personaId));
    return row;
  }

  /** Inserts or replaces the persona's one row. */
  async upsert(tx: Executor, values: DemographicsValues): Promise<PersonaDemographicsRow> {
    const { sex, raceEthnicity, consentedAt } = values;
    const [row] = await tx
      .insert(personaDemographics)
      .values({ ...values, updatedAt: consentedAt })
      .onConflictDoUpdate({ target: personaDemographics.personaId, set: { sex, raceEthnicity, consentedAt, updatedAt: consentedAt } })
      .returning();
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return row;
  }

  /** True when a row was removed. */
  async delete(tx: Executor, personaId: string): Promise<boolean> {
    const rows = await tx
      .delete(personaDemographics)
      .where(eq(personaDemographics.personaId, personaId))
      .returning({ personaId: personaDemographics.personaId });
    return rows.length > 0;
  }
}
