import { generateKeyPair } from './key-pair';
import { TokenError, TokenSigner } from './token-signer';
import type { TokenClaims } from './token-claims';

const keys = generateKeyPair();
const settings = { publicKeyPem: keys.publicKeyPem, privateKeyPem: keys.privateKeyPem, issuer: 'teamfit', audience: 'teamfit-api' };
const claims: TokenClaims = { sub: 'account-1', kind: 'account', emailAddress: 'ada@example.test', isAdmin: true };

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (segment: string) => JSON.parse(Buffer.from(segment, 'base64url').toString()) as Record<string, unknown>;

describe('TokenSigner', () => {
  const signer = new TokenSigner(settings);

  it('signs ES256 tokens whose typ names their kind, and verifies them', () => {
    const token = signer.sign(claims);
    const [header, payload] = token.split('.') as [string, string, string];
    expect(decode(header)).toEqual({ alg: 'ES256', typ: 'account+jwt' });
    expect(decode(payload)).toMatchObject({ ...claims, iss: 'teamfit', aud: 'teamfit-api' });
    const verified = signer.verify(token);
    expect(verified).toMatchObject(claims);
    expect(verified.exp - verified.iat).toBe(15 * 60);
  });

  it('rejects a tampered payload', () => {
    const [header, , signature] = signer.sign(claims).split('.') as [string, string, string];
    const forged = `${header}.${b64({ ...claims, sub: 'someone-else', iss: 'teamfit', aud: 'teamfit-api', iat: 1, exp: 9_999_999_999, jti: 'x' })}.${signature}`;
    expect(() => signer.verify(forged)).toThrow(TokenError);
  });

  it('rejects alg none and any other algorithm', () => {
    const payload = b64({ ...claims, iss: 'teamfit', aud: 'teamfit-api', iat: 1, exp: 9_999_999_999, jti: 'x' });
    expect(() => signer.verify(`${b64({ alg: 'none', typ: 'account+jwt' })}.${payload}.`)).toThrow('unexpected token algorithm');
    expect(() => signer.verify(`${b64({ alg: 'HS256', typ: 'account+jwt' })}.${payload}.c2ln`)).toThrow('unexpected token algorithm');
  });

  it('rejects a token signed with another key', () => {
    const other = generateKeyPair();
    const foreign = new TokenSigner({ ...settings, publicKeyPem: other.publicKeyPem, privateKeyPem: other.privateKeyPem }).sign(claims);
    expect(() => signer.verify(foreign)).toThrow('invalid token signature');
  });

  it('rejects an expired token, with time injected rather than waited for', () => {
    let now = 1_000_000;
    const clocked = new TokenSigner({ ...settings, now: () => now });
    const token = clocked.sign(claims, 60);
    now += 59;
    expect(clocked.verify(token).sub).toBe('account-1');
    now += 1;
    expect(() => clocked.verify(token)).toThrow('token expired');
  });

  it('rejects a token whose typ header does not match its kind', () => {
    const token = signer.sign({ ...claims, kind: 'login' });
    const [, payload, signature] = token.split('.') as [string, string, string];
    const relabelled = `${b64({ alg: 'ES256', typ: 'account+jwt' })}.${payload}.${signature}`;
    // Changing the header breaks the signature; the typ check stands behind it as well.
    expect(() => signer.verify(relabelled)).toThrow(TokenError);
    expect(signer.verify(token).kind).toBe('login');
  });

  it('rejects another issuer or audience', () => {
    const token = new TokenSigner({ ...settings, issuer: 'elsewhere' }).sign(claims);
    expect(() => signer.verify(token)).toThrow('unexpected token issuer');
    const forOthers = new TokenSigner({ ...settings, audience: 'other-api' }).sign(claims);
    expect(() => signer.verify(forOthers)).toThrow('unexpected token audience');
  });

  it('rejects garbage', () => {
    for (const garbage of ['', 'a.b', 'a.b.c', '...', 'x'.repeat(50)]) expect(() => signer.verify(garbage)).toThrow(TokenError);
  });

  it('cannot sign without a private key', () => {
    const verifier = new TokenSigner({ ...settings, privateKeyPem: undefined });
    expect(verifier.canSign).toBe(false);
    expect(() => verifier.sign(claims)).toThrow('cannot sign');
  });
});
