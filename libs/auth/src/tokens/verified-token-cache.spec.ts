import { generateKeyPair } from './key-pair';
import type { TokenClaims } from './token-claims';
import { TokenError, TokenSigner } from './token-signer';
import { VerifiedTokenCache } from './verified-token-cache';

const keys = generateKeyPair();
const claims: TokenClaims = { sub: 'account-1', kind: 'account', emailAddress: 'ada@example.test', isAdmin: false };

describe('VerifiedTokenCache', () => {
  let now = 1_000_000;
  const signer = new TokenSigner({
    publicKeyPem: keys.publicKeyPem,
    privateKeyPem: keys.privateKeyPem,
    issuer: 'teamfit',
    audience: 'teamfit-api',
    now: () => now,
  });

  beforeEach(() => {
    now = 1_000_000;
  });

  it('verifies a token once and answers later requests for the same string from memory', () => {
    const cache = new VerifiedTokenCache(signer);
    const verify = jest.spyOn(signer, 'verify');
    const token = signer.sign(claims);
    const first = cache.verify(token);
    const second = cache.verify(token);
    expect(second).toBe(first);
    expect(first).toMatchObject(claims);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();
  });

  it('still refuses a cached token once it has expired', () => {
    const cache = new VerifiedTokenCache(signer);
    const token = signer.sign(claims, 60);
    cache.verify(token);
    now += 59;
    expect(cache.verify(token)).toMatchObject(claims);
    now += 1;
    expect(() => cache.verify(token)).toThrow(TokenError);
    expect(cache.size).toBe(0);
  });

  it('never keeps a token that failed, so a forgery is checked (and refused) every time', () => {
    const cache = new VerifiedTokenCache(signer);
    const [header, payload, signature] = signer.sign(claims).split('.') as [string, string, string];
    const tampered = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(() => cache.verify(tampered)).toThrow(TokenError);
    expect(() => cache.verify(tampered)).toThrow(TokenError);
    expect(cache.size).toBe(0);
  });

  it('hands out a frozen token, so one request cannot change what the next reads', () => {
    const cache = new VerifiedTokenCache(signer);
    const token = signer.sign(claims);
    const verified = cache.verify(token);
    expect(Object.isFrozen(verified)).toBe(true);
    expect(() => Object.assign(verified, { isAdmin: true })).toThrow(TypeError);
    expect(cache.verify(token).isAdmin).toBe(false);
  });

  it('holds at most its bound, dropping the oldest token first', () => {
    const cache = new VerifiedTokenCache(signer, 2);
    const [a, b, c] = [1, 2, 3].map((n) => signer.sign({ ...claims, sub: `account-${n}` })) as [string, string, string];
    cache.verify(a);
    cache.verify(b);
    cache.verify(c);
    expect(cache.size).toBe(2);
    const verify = jest.spyOn(signer, 'verify');
    cache.verify(c);
    cache.verify(b);
    expect(verify).not.toHaveBeenCalled();
    cache.verify(a);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();
  });

  it('keeps a token in use: a hit makes it the newest, so the least recently used goes first', () => {
    const cache = new VerifiedTokenCache(signer, 2);
    const [a, b, c] = [1, 2, 3].map((n) => signer.sign({ ...claims, sub: `account-${n}` })) as [string, string, string];
    cache.verify(a);
    cache.verify(b);
    cache.verify(a);
    cache.verify(c);
    const verify = jest.spyOn(signer, 'verify');
    cache.verify(a);
    expect(verify).not.toHaveBeenCalled();
    cache.verify(b);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();
  });
});
