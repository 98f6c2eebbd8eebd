import { createHash } from 'node:crypto';
import { base64Url, createPkcePair, s256 } from './pkce';

describe('PKCE S256 with WebCrypto', () => {
  it('computes BASE64URL(SHA-256(verifier)) as the platform checks it', async () => {
    // The pair every PKCE implementation is checked against.
    expect(await s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes a fresh 43-character verifier of the allowed alphabet each time, and its challenge', async () => {
    const first = await createPkcePair();
    const second = await createPkcePair();
    expect(first.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.verifier).not.toBe(second.verifier);
    expect(first.challenge).toBe(createHash('sha256').update(first.verifier).digest('base64url'));
  });

  it('writes BASE64URL without padding', () => {
    expect(base64Url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });
});
