import fc from 'fast-check';
import { pkceMatches, s256Challenge } from './pkce';

describe('PKCE S256', () => {
  it('matches the RFC 7636 appendix B example', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(s256Challenge(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(pkceMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
  });

  it('refuses verifiers outside 43-128 characters of the unreserved set, even if they hash right', () => {
    for (const verifier of ['a'.repeat(42), 'a'.repeat(129), `${'a'.repeat(42)}!`, `${'a'.repeat(42)} `]) {
      expect(pkceMatches(verifier, s256Challenge(verifier))).toBe(false);
    }
    expect(pkceMatches('a'.repeat(43), s256Challenge('a'.repeat(43)))).toBe(true);
    expect(pkceMatches('a'.repeat(128), s256Challenge('a'.repeat(128)))).toBe(true);
  });

  it('accepts each verifier with its own challenge and no other', () => {
    const verifier = fc.stringMatching(/^[A-Za-z0-9\-._~]{43,128}$/);
    fc.assert(
      fc.property(verifier, verifier, (a, b) => {
        expect(pkceMatches(a, s256Challenge(a))).toBe(true);
        if (a !== b) expect(pkceMatches(a, s256Challenge(b))).toBe(false);
      }),
    );
  });
});
