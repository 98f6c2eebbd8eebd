import { Injectable } from '@nestjs/common';
import type { VerifiedToken } from '@teamfit/auth';
import { type Clock, forbidden, InjectClock, notFound } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import type { PersonaDemographicsRow } from '@teamfit/demographics';
import { PersonaRepository } from '../personas/persona.repository';
import type { DemographicsDto, PutDemographicsDto } from './demographics.dto';
import { DemographicsRepository } from './demographics.repository';

/**
 * A persona's self-reported demographics (docs/fairness.md, "Demographics"): the persona itself or
 * an administrator, never another persona or a non-administrator account. Stored only with
 * consent; withdrawing it removes the row.
 */
@Injectable()
export class DemographicsService {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly personas: PersonaRepository,
    private readonly demographics: DemographicsRepository,
    @InjectClock() private readonly now: Clock,
  ) {}

  async get(personaId: string, caller: VerifiedToken): Promise<DemographicsDto> {
    assertMayAccess(personaId, caller);
    const row = await this.demographics.find(personaId);
    if (row) return demographicsOf(row);
    throw (await this.personas.findById(personaId)) ? notFound('Demographics') : notFound('Persona');
  }

  /** The persona row is locked first, so an erasure running at the same time either sees this row or none. */
  put(personaId: string, input: PutDemographicsDto, caller: VerifiedToken): Promise<DemographicsDto> {
    assertMayAccess(personaId, caller);
    return this.db.transaction(async (tx) => {
      if (!(await this.personas.findForUpdate(tx, personaId))) throw notFound('Persona');
      const row = await this.demographics.upsert(tx, {
        personaId,
        sex: input.sex,
        raceEthnicity: input.raceEthnicity,
        consentedAt: this.now(),
      });
      return demographicsOf(row);
    });
  }

  /** Consent withdrawn: the answers are deleted (not kept as DECLINED). */
  async remove(personaId: string, caller: VerifiedToken): Promise<void> {
    assertMayAccess(personaId, caller);
    const removed = await this.db.transaction((tx) => this.demographics.delete(tx, personaId));
    if (removed) return;
    throw (await this.personas.findById(personaId)) ? notFound('Demographics') : notFound('Persona');
  }
}

function assertMayAccess(personaId: string, caller: VerifiedToken): void {
  if (caller.kind === 'persona' && caller.personaId?.toLowerCase() !== personaId.toLowerCase())
    throw forbidden('A persona may reach only its own demographics');
  if (caller.kind === 'account' && caller.isAdmin !== true) throw forbidden('Administrator rights are required');
}

export function demographicsOf(row: PersonaDemographicsRow): DemographicsDto {
  return {
    personaId: row.personaId,
    sex: row.sex,
    raceEthnicity: row.raceEthnicity,
    consent: true,
    consentedAt: row.consentedAt.toISOString(),
  };
}
