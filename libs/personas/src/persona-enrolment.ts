import type { Executor } from '@teamfit/database';
import { asc, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { type PersonaRow, personas } from './persona.table';

/**
 * Serialises every write that gives a persona this sign-in address, until the transaction ends:
 * the profile service's creations and address changes take it, and so does the enrolment below,
 * so no two personas end up signing in with one address.
 */
export async function lockPersonaAddress(tx: Executor, address: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'persona-address:'}::text || lower(${address}::text)))`);
}

/** A candidate as an applicant-tracking system names one. */
export interface EnrolledCandidate {
  emailAddress: string;
  firstName: string | null;
  lastName: string | null;
  /** Free text stored as the persona's description (where it came from). */
  description: string;
}

/**
 * The persona that signs in with the candidate's address, made when there is none
 * (docs/adr/0088-partner-api-keys.md, "Personas of partner candidates"). The one write of
 * `profile.personas` outside the profile service: inside the caller's transaction, under the
 * address lock every profile write of an address takes, it finds the persona as persona sign-in
 * does (its own address, else its user's, ignoring case; a not blocked one, then the oldest) and
 * otherwise inserts a CANDIDATE persona of a new user with the address as its own, as
 * `POST /profile/persona` would. An existing persona is used as it is: nothing of it changes.
 */
export async function enrolCandidatePersona(
  tx: Executor,
  candidate: EnrolledCandidate,
): Promise<{ persona: PersonaRow; created: boolean }> {
  await lockPersonaAddress(tx, candidate.emailAddress);
  const [existing] = await tx
    .select()
    .from(personas)
    .where(sql`lower(coalesce(${personas.emailAddress}, ${personas.userEmailAddress})) = lower(${candidate.emailAddress})`)
    .orderBy(sql`${personas.status} = 'BLOCKED'`, asc(personas.createdAt), asc(personas.id))
    .limit(1);
  if (existing) return { persona: existing, created: false };
  const [persona] = await tx
    .insert(personas)
    .values({
      userId: randomUUID(),
      userFirstName: candidate.firstName,
      userLastName: candidate.lastName,
      role: 'Candidate',
      roles: ['CANDIDATE'],
      description: candidate.description,
      emailAddress: candidate.emailAddress,
      status: 'ACTIVE',
    })
    .returning();
  if (!persona) throw new Error('persona insert returned no row');
  return { persona, created: true };
}
