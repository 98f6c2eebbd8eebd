import { TOKEN_KINDS, type VerifiedToken } from '@teamfit/auth';
import { assertMayWrite, writerOf } from './evaluation-access';

const OWN = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';

const mayWrite = (principal: VerifiedToken, personaId: string): boolean => {
  try {
    assertMayWrite(principal, personaId);
    return true;
  } catch {
    return false;
  }
};

/** writerOf, which the answer statement checks as it writes, is assertMayWrite's rule for every kind of caller. */
describe('writerOf', () => {
  const principals = TOKEN_KINDS.flatMap((kind) =>
    [true, false, undefined].flatMap((isAdmin) =>
      [OWN, undefined].map((personaId): VerifiedToken => ({
        sub: 's',
        kind,
        emailAddress: 'a@example.test',
        isAdmin,
        personaId,
        iss: 'i',
        aud: 'a',
        iat: 0,
        exp: 0,
        jti: 'j',
      })),
    ),
  );

  it.each(
    principals.map(
      (principal) => [`${principal.kind} admin=${String(principal.isAdmin)} persona=${String(principal.personaId)}`, principal] as const,
    ),
  )('lets %s write exactly the evaluations assertMayWrite lets it', (_name, principal) => {
    const writer = writerOf(principal);
    for (const personaId of [OWN, OTHER])
      expect(writer.everyPersona || writer.personaId === personaId).toBe(mayWrite(principal, personaId));
  });
});
