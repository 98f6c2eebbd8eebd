import { createHash, type KeyObject } from 'node:crypto';

/** A public key as a JSON Web Key (RFC 7517), as the key set publishes it. */
export interface PublicJsonWebKey {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

export interface JsonWebKeySet {
  keys: PublicJsonWebKey[];
}

/**
 * A verification key: the key itself, its key id and its JWK. Verification takes the KeyObject:
 * given the PEM, jsonwebtoken parses it again for every token, which was most of a verification's
 * cost (docs/adr/0009-verify-a-token-once.md).
 */
export interface SigningKey {
  readonly kid: string;
  readonly key: KeyObject;
  readonly jwk: PublicJsonWebKey;
}

/**
 * The key id is the key's JWK thumbprint (RFC 7638): derived from the key itself, so every service
 * computes the same id from the same PEM and no id has to be configured or kept in step.
 */
export function signingKeyOf(key: KeyObject, setting: string): SigningKey {
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error(`${setting} must be an EC P-256 key`);
  const { x, y } = key.export({ format: 'jwk' });
  if (typeof x !== 'string' || typeof y !== 'string') throw new Error(`${setting} is not a usable EC public key`);
  // The thumbprint hashes the required members in lexicographic order, without whitespace.
  const kid = createHash('sha256')
    .update(JSON.stringify({ crv: 'P-256', kty: 'EC', x, y }))
    .digest('base64url');
  return { kid, key, jwk: { kty: 'EC', crv: 'P-256', x, y, kid, alg: 'ES256', use: 'sig' } };
}
