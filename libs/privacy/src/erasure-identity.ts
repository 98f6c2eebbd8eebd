import { createHash } from 'node:crypto';

/**
 * What the other services need to find a persona's rows once the profile service has removed the
 * persona: kept on the erasure record only until every part is done, then cleared.
 */
export interface ErasureIdentity {
  personaId: string;
  /** The persona's integer user id, which keys its experience and goal records. */
  userNumber: number;
  /** Its own, its user's and a pending new address, lower case, without duplicates. */
  emailAddresses: string[];
  /** First name, last name and user name as given (two characters or more each). */
  names: string[];
}

/** Rows removed or made anonymous, by table, as a part records them. */
export type ErasureCounts = Record<string, number>;

/**
 * Who an erasure was about, as the audit keeps it: SHA-256 of the persona id. A persona id is a
 * random UUID, so the hash names nobody by itself; whoever holds the id finds the record with it
 * (a second erasure call does), and nothing else does.
 */
export function subjectHashOf(personaId: string): string {
  return createHash('sha256').update(personaId.toLowerCase()).digest('hex');
}

/** Names shorter than this would match inside too much unrelated text to be scrubbed safely. */
export const SHORTEST_SCRUBBED_NAME = 2;
