import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636: a verifier is 43-128 characters of [A-Za-z0-9-._~]. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
/** The S256 challenge is base64url without padding; 43-128 characters (docs/contract.md, "Limits"). */
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9\-_]{43,128}$/;

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** BASE64URL(SHA256(verifier)) == challenge, compared in constant time. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!CODE_VERIFIER_PATTERN.test(verifier)) return false;
  const expected = Buffer.from(s256Challenge(verifier));
  const given = Buffer.from(challenge);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
