import { JsonWebTokenError, JwtService, TokenExpiredError } from '@nestjs/jwt';
import { createPrivateKey, createPublicKey, type KeyObject, randomUUID } from 'node:crypto';
import { type JsonWebKeySet, type SigningKey, signingKeyOf } from './signing-key';
import type { TokenClaims, VerifiedToken } from './token-claims';
import { isTokenKind, TOKEN_TTL_SECONDS, typHeaderOf } from './token-kind';

/** The single algorithm accepted: pinned, never read from the token (no `alg: none`, no HS/RS swap). */
const ALGORITHM = 'ES256';

export class TokenError extends Error {
  override readonly name = 'TokenError';
}

export interface TokenSettings {
  /** The current key: tokens are signed with its private half and verified with it. */
  publicKeyPem: string;
  privateKeyPem?: string | undefined;
  /**
   * Keys that still verify but no longer sign: during a rotation the old key stays here until
   * every token it signed has expired, so nobody is signed out.
   */
  previousPublicKeyPems?: readonly string[] | undefined;
  issuer: string;
  audience: string;
  /** Seconds since the epoch; injected so tests can move time instead of sleeping. */
  now?: () => number;
}

function decodeHeader(token: string): Record<string, unknown> {
  const segments = token.split('.');
  const [segment] = segments;
  if (segment === undefined || segments.length !== 3) throw new TokenError('malformed token');
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw new TokenError('malformed token header');
}

/** jsonwebtoken's refusals in the platform's words (the guard logs them; clients see a 401). */
function tokenErrorOf(error: unknown): TokenError {
  if (error instanceof TokenExpiredError) return new TokenError('token expired');
  if (error instanceof JsonWebTokenError) {
    if (error.message === 'invalid signature') return new TokenError('invalid token signature');
    if (error.message.startsWith('jwt issuer invalid')) return new TokenError('unexpected token issuer');
    if (error.message.startsWith('jwt audience invalid')) return new TokenError('unexpected token audience');
    return new TokenError(`invalid token (${error.message})`);
  }
  return new TokenError('invalid token');
}

/**
 * Signs and verifies platform JWTs with ECDSA P-256 (ES256) through `@nestjs/jwt`. Every token
 * names its key (`kid`, the key's RFC 7638 thumbprint), so a verifier that knows several keys
 * picks the right one, and its kind in the `typ` header, checked against the `kind` claim.
 */
export class TokenSigner {
  private readonly jwt = new JwtService();
  private readonly current: SigningKey;
  private readonly keysById: ReadonlyMap<string, SigningKey>;
  /** One verifier per key, holding it as a KeyObject (SigningKey): a PEM would be parsed again for every token. */
  private readonly verifiersById: ReadonlyMap<string, JwtService>;
  private readonly privateKey: KeyObject | undefined;
  private readonly now: () => number;

  constructor(private readonly settings: TokenSettings) {
    this.current = signingKeyOf(createPublicKey(settings.publicKeyPem), 'JWT_PUBLIC_KEY');
    const previous = (settings.previousPublicKeyPems ?? []).map((pem) => signingKeyOf(createPublicKey(pem), 'JWT_PREVIOUS_PUBLIC_KEYS'));
    this.keysById = new Map([this.current, ...previous].map((key) => [key.kid, key]));
    this.verifiersById = new Map([...this.keysById.values()].map((key) => [key.kid, new JwtService({ publicKey: key.key })]));
    this.privateKey = settings.privateKeyPem ? createPrivateKey(settings.privateKeyPem) : undefined;
    if (this.privateKey && signingKeyOf(createPublicKey(this.privateKey), 'JWT_PRIVATE_KEY').kid !== this.current.kid) {
      throw new Error('JWT_PRIVATE_KEY is not the private half of JWT_PUBLIC_KEY');
    }
    this.now = settings.now ?? (() => Math.floor(Date.now() / 1000));
  }

  /** The signer's clock, in seconds since the epoch. */
  nowSeconds(): number {
    return this.now();
  }

  get canSign(): boolean {
    return this.privateKey !== undefined;
  }

  /** Every key that verifies tokens, the current one first, as a JSON Web Key Set (RFC 7517). */
  get jsonWebKeySet(): JsonWebKeySet {
    return { keys: [...this.keysById.values()].map((key) => key.jwk) };
  }

  sign(claims: TokenClaims, ttlSeconds: number = TOKEN_TTL_SECONDS[claims.kind]): string {
    if (!this.privateKey) throw new Error('this service holds no private key and cannot sign tokens');
    const issuedAt = this.now();
    const payload = {
      ...claims,
      iss: this.settings.issuer,
      aud: this.settings.audience,
      iat: issuedAt,
      exp: issuedAt + ttlSeconds,
      jti: randomUUID(),
    };
    return this.jwt.sign(payload, {
      privateKey: this.privateKey,
      algorithm: ALGORITHM,
      keyid: this.current.kid,
      header: { alg: ALGORITHM, typ: typHeaderOf(claims.kind), kid: this.current.kid },
    });
  }

  /** Verifies key, signature, algorithm, type, issuer, audience and expiry; throws TokenError otherwise. */
  verify(token: string): VerifiedToken {
    const header = decodeHeader(token);
    if (header['alg'] !== ALGORITHM) throw new TokenError('unexpected token algorithm');
    // A token without a key id predates key ids: only the current key can have signed it.
    const kid = header['kid'];
    const verifier = this.verifiersById.get(kid === undefined ? this.current.kid : typeof kid === 'string' ? kid : '');
    if (!verifier) throw new TokenError('token signed with an unknown key');
    let payload: Record<string, unknown>;
    try {
      payload = verifier.verify<Record<string, unknown>>(token, {
        algorithms: [ALGORITHM],
        issuer: this.settings.issuer,
        audience: this.settings.audience,
        clockTimestamp: this.now(),
      });
    } catch (error) {
      throw tokenErrorOf(error);
    }
    const kind = payload['kind'];
    if (!isTokenKind(kind) || header['typ'] !== typHeaderOf(kind)) throw new TokenError('token type does not match its kind');
    if (typeof payload['exp'] !== 'number' || typeof payload['iat'] !== 'number') throw new TokenError('token lacks exp or iat');
    if (typeof payload['sub'] !== 'string' || typeof payload['emailAddress'] !== 'string' || typeof payload['jti'] !== 'string') {
      throw new TokenError('token lacks required claims');
    }
    return payload as unknown as VerifiedToken;
  }
}
