import { Injectable } from '@nestjs/common';
import { LoginRepository, type VerifiedToken } from '@teamfit/auth';
import { InjectConfig, notFound, type ServiceConfig } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { enqueueOutbox, type PersonaErasedData } from '@teamfit/outbox';
import type { PersonaRow } from '@teamfit/personas';
import {
  type ErasureCounts,
  type ErasureIdentity,
  EVALUATION_ERASURE_COUNTS,
  ORGANISATION_ERASURE_COUNTS,
  PROFILE_ERASURE_COUNTS,
  type PersonaErasureRow,
  type ProfileErasureCounts,
  SHORTEST_SCRUBBED_NAME,
  subjectHashOf,
} from '@teamfit/privacy';
import { PersonaEmailChangeRepository } from '../personas/persona-email-change.repository';
import { PersonaRepository } from '../personas/persona.repository';
import { TeamRepository } from '../teams/team.repository';
import type { PersonaErasureDto } from './persona-erasure.dto';
import { PersonaErasureFinisher } from './persona-erasure.finisher';
import { PersonaErasureRepository } from './persona-erasure.repository';

export interface ErasureAnswer {
  summary: PersonaErasureDto;
  complete: boolean;
}

/**
 * Erasure of a persona across the platform. The profile service does its part (the persona, its
 * sign-in state, its place in profile teams) and writes the erasure record in one transaction;
 * the evaluation and organisation services do theirs from that record (libs/privacy), and the
 * record is completed once all are in. The same call again answers the same summary.
 */
@Injectable()
export class PersonaErasureService {
  /**
   * How long an erase request waits for the other services' parts before answering what is done
   * so far (202), PERSONA_ERASURE_WAIT_MS. The organisation service's part waits 3 s for the
   * API-call log to settle, so a healthy platform answers within about 4 s.
   */
  private readonly waitMs: number;

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly personas: PersonaRepository,
    private readonly emailChanges: PersonaEmailChangeRepository,
    private readonly loginRows: LoginRepository,
    private readonly teams: TeamRepository,
    private readonly erasures: PersonaErasureRepository,
    private readonly finisher: PersonaErasureFinisher,
    @InjectConfig() config: ServiceConfig,
  ) {
    this.waitMs = config.personaErasureWaitMs;
  }

  async erase(personaId: string, caller: VerifiedToken): Promise<ErasureAnswer> {
    const subjectHash = subjectHashOf(personaId);
    const started = (await this.erasures.findBySubject(subjectHash)) ?? (await this.eraseProfilePart(personaId, subjectHash, caller.sub));
    // A concurrent call may have erased the persona between the two reads: its record is the answer.
    const erasure = started ?? (await this.erasures.findBySubject(subjectHash));
    if (!erasure) throw notFound('Persona');
    const latest = erasure.completedAt ? erasure : ((await this.finisher.waitFor(erasure.id, this.waitMs)) ?? erasure);
    return { summary: await this.summaryOf(personaId, latest), complete: latest.completedAt !== null };
  }

  /** One transaction: the persona row is locked first, so of two concurrent calls one erases and the other finds the record. */
  private eraseProfilePart(personaId: string, subjectHash: string, requestedBy: string): Promise<PersonaErasureRow | undefined> {
    return this.db.transaction(async (tx) => {
      const persona = await this.personas.findForUpdate(tx, personaId);
      if (!persona) return undefined;
      const pendingChange = await this.emailChanges.findForUpdate(tx, persona.id);
      if (pendingChange) await this.emailChanges.delete(tx, persona.id);
      const counts: ProfileErasureCounts = {
        ...(await this.loginRows.deleteSubject(tx, persona.id)),
        emailChanges: pendingChange ? 1 : 0,
        teamMemberships: await this.teams.leaveTeams(tx, persona.id),
        personas: (await this.personas.delete(tx, persona.id)) ? 1 : 0,
      };
      const pendingIdentity = identityOf(persona, pendingChange?.newAddress);
      const erasure = await this.erasures.insert(tx, { subjectHash, requestedBy, profileCounts: counts, pendingIdentity });
      // In the erasure's transaction, so receivers erase their copy exactly when the platform erased
      // its own. A persona belongs to no organisation: only subscriptions of every organisation get it.
      const erased: PersonaErasedData = { personaId: persona.id, erasedAt: erasure.requestedAt.toISOString() };
      await enqueueOutbox(tx, { type: 'persona.erased', organisationId: null, data: erased });
      return erasure;
    });
  }

  private async summaryOf(personaId: string, erasure: PersonaErasureRow): Promise<PersonaErasureDto> {
    const parts = await this.erasures.partsOf(erasure.id);
    const counted = <Key extends string>(keys: readonly Key[], counts: ErasureCounts, completedAt: Date) =>
      ({ completedAt: completedAt.toISOString(), ...Object.fromEntries(keys.map((key) => [key, counts[key] ?? 0])) }) as {
        completedAt: string;
      } & Record<Key, number>;
    return {
      personaId: personaId.toLowerCase(),
      status: erasure.completedAt ? 'COMPLETE' : 'PENDING',
      requestedBy: erasure.requestedBy,
      requestedAt: erasure.requestedAt.toISOString(),
      completedAt: erasure.completedAt?.toISOString() ?? null,
      services: {
        profile: counted(PROFILE_ERASURE_COUNTS, erasure.profileCounts, erasure.requestedAt),
        evaluation: parts.evaluation ? counted(EVALUATION_ERASURE_COUNTS, parts.evaluation.counts, parts.evaluation.completedAt) : null,
        organisation: parts.organisation
          ? counted(ORGANISATION_ERASURE_COUNTS, parts.organisation.counts, parts.organisation.completedAt)
          : null,
      },
    };
  }
}

/** What the other services need to find the persona's rows, kept on the record until it completes. */
function identityOf(persona: PersonaRow, pendingAddress: string | undefined): ErasureIdentity {
  const addresses = [persona.emailAddress, persona.userEmailAddress, pendingAddress].filter((address): address is string =>
    Boolean(address),
  );
  const names = [persona.userFirstName, persona.userLastName, persona.userUsername]
    .map((name) => name?.trim() ?? '')
    .filter((name) => name.length >= SHORTEST_SCRUBBED_NAME);
  return {
    personaId: persona.id,
    userNumber: persona.userNumber,
    emailAddresses: [...new Set(addresses.map((address) => address.toLowerCase()))],
    names: [...new Set(names)],
  };
}
