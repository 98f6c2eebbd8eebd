import { createHash, createPublicKey, createSign } from 'node:crypto';
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
    expect(decode(header)).toEqual({ alg: 'ES256', typ: 'account+jwt', kid: signer.jsonWebKeySet.keys[0]?.kid });
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

  it('rejects a token signed with another key, whether it names that key or ours', () => {
    const other = generateKeyPair();
    const foreign = new TokenSigner({ ...settings, publicKeyPem: other.publicKeyPem, privateKeyPem: other.privateKeyPem }).sign(claims);
    expect(() => signer.verify(foreign)).toThrow('token signed with an unknown key');
    const [header, payload, signature] = foreign.split('.') as [string, string, string];
    const claimingOurs = `${b64({ ...decode(header), kid: signer.jsonWebKeySet.keys[0]?.kid })}.${payload}.${signature}`;
    expect(() => signer.verify(claimingOurs)).toThrow('invalid token signature');
    const withoutKid = `${b64({ alg: 'ES256', typ: 'account+jwt' })}.${payload}.${signature}`;
    expect(() => signer.verify(withoutKid)).toThrow('invalid token signature');
  });

  it('still verifies a token without a key id (signed before key ids) with the current key', () => {
    const token = signer.sign(claims);
    const [header, payload] = token.split('.') as [string, string, string];
    const { kid: _kid, ...withoutKid } = decode(header);
    // Signed as the signer before key ids did: the same header without `kid`.
    const signingInput = `${b64(withoutKid)}.${payload}`;
    const legacy = `${signingInput}.${createSign('sha256').update(signingInput).sign({ key: keys.privateKeyPem, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
    expect(signer.verify(legacy)).toMatchObject(claims);
  });

  it('rotates keys without signing anyone out: the previous key verifies, the new one signs', () => {
    const next = generateKeyPair();
    const before = signer.sign(claims);
    const rotated = new TokenSigner({
      ...settings,
      publicKeyPem: next.publicKeyPem,
      privateKeyPem: next.privateKeyPem,
      previousPublicKeyPems: [keys.publicKeyPem],
    });
    expect(rotated.verify(before)).toMatchObject(claims);
    const after = rotated.sign(claims);
    expect(rotated.verify(after)).toMatchObject(claims);
    // A service not yet told of the new key refuses what it signs; once the old key is dropped, so are its tokens.
    expect(() => signer.verify(after)).toThrow('token signed with an unknown key');
    const finished = new TokenSigner({ ...settings, publicKeyPem: next.publicKeyPem, privateKeyPem: next.privateKeyPem });
    expect(() => finished.verify(before)).toThrow('token signed with an unknown key');
    expect(rotated.jsonWebKeySet.keys.map((key) => key.kid)).toEqual([
      finished.jsonWebKeySet.keys[0]?.kid,
      signer.jsonWebKeySet.keys[0]?.kid,
    ]);
  });

  it('publishes its keys as a JSON Web Key Set whose key ids are RFC 7638 thumbprints', () => {
    const [jwk] = signer.jsonWebKeySet.keys;
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    const thumbprint = createHash('sha256').update(`{"crv":"P-256","kty":"EC","x":"${jwk?.x}","y":"${jwk?.y}"}`).digest('base64url');
    expect(jwk?.kid).toBe(thumbprint);
    // The published key is the one that verifies: a verifier built from the JWK alone accepts our tokens.
    const published = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk?.x, y: jwk?.y }, format: 'jwk' })
      .export({ type: 'spki', format: 'pem' })
      .toString();
    expect(new TokenSigner({ ...settings, publicKeyPem: published, privateKeyPem: undefined }).verify(signer.sign(claims))).toMatchObject(
      claims,
    );
  });

  it("refuses a private key that is not the public key's other half", () => {
    expect(() => new TokenSigner({ ...settings, privateKeyPem: generateKeyPair().privateKeyPem })).toThrow('not the private half');
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
