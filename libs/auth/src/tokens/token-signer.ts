import { createPrivateKey, createPublicKey, type KeyObject, randomUUID, sign, verify } from 'node:crypto';
import type { TokenClaims, VerifiedToken } from './token-claims';
import { isTokenKind, TOKEN_TTL_SECONDS, typHeaderOf } from './token-kind';

/** The single algorithm accepted: pinned, never read from the token (no `alg: none`, no HS/RS swap). */
const ALGORITHM = 'ES256';

export class TokenError extends Error {
  override readonly name = 'TokenError';
}

export interface TokenSettings {
  publicKeyPem: string;
  privateKeyPem?: string | undefined;
  issuer: string;
  audience: string;
  /** Seconds since the epoch; injected so tests can move time instead of sleeping. */
  now?: () => number;
}

const base64url = (input: Buffer | string): string => Buffer.from(input).toString('base64url');

function decodeJson(segment: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw new TokenError(`malformed token ${what}`);
}

/** Signs and verifies platform JWTs with ECDSA P-256 (ES256). */
export class TokenSigner {
  private readonly publicKey: KeyObject;
  private readonly privateKey: KeyObject | undefined;
  private readonly now: () => number;

  constructor(private readonly settings: TokenSettings) {
    this.publicKey = createPublicKey(settings.publicKeyPem);
    this.privateKey = settings.privateKeyPem ? createPrivateKey(settings.privateKeyPem) : undefined;
    if (this.publicKey.asymmetricKeyType !== 'ec' || this.publicKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      throw new Error('JWT_PUBLIC_KEY must be an EC P-256 key');
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

  sign(claims: TokenClaims, ttlSeconds: number = TOKEN_TTL_SECONDS[claims.kind]): string {
    if (!this.privateKey) throw new Error('this service holds no private key and cannot sign tokens');
    const issuedAt = this.now();
    const header = { alg: ALGORITHM, typ: typHeaderOf(claims.kind) };
    const payload = {
      ...claims,
      iss: this.settings.issuer,
      aud: this.settings.audience,
      iat: issuedAt,
      exp: issuedAt + ttlSeconds,
      jti: randomUUID(),
    };
    const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
    const signature = sign('sha256', Buffer.from(signingInput), { key: this.privateKey, dsaEncoding: 'ieee-p1363' });
    return `${signingInput}.${base64url(signature)}`;
  }

  /** Verifies signature, algorithm, type, issuer, audience and expiry; throws TokenError otherwise. */
  verify(token: string): VerifiedToken {
    const parts = token.split('.');
    if (parts.length !== 3) throw new TokenError('malformed token');
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    const header = decodeJson(headerPart, 'header');
    if (header['alg'] !== ALGORITHM) throw new TokenError('unexpected token algorithm');
    const signature = Buffer.from(signaturePart, 'base64url');
    const signatureValid = verify(
      'sha256',
      Buffer.from(`${headerPart}.${payloadPart}`),
      { key: this.publicKey, dsaEncoding: 'ieee-p1363' },
      signature,
    );
    if (!signatureValid) throw new TokenError('invalid token signature');
    const payload = decodeJson(payloadPart, 'payload');
    const kind = payload['kind'];
    if (!isTokenKind(kind) || header['typ'] !== typHeaderOf(kind)) throw new TokenError('token type does not match its kind');
    if (payload['iss'] !== this.settings.issuer) throw new TokenError('unexpected token issuer');
    if (payload['aud'] !== this.settings.audience) throw new TokenError('unexpected token audience');
    const exp = payload['exp'];
    const iat = payload['iat'];
    if (typeof exp !== 'number' || typeof iat !== 'number') throw new TokenError('token lacks exp or iat');
    if (exp <= this.now()) throw new TokenError('token expired');
    if (typeof payload['sub'] !== 'string' || typeof payload['emailAddress'] !== 'string' || typeof payload['jti'] !== 'string') {
      throw new TokenError('token lacks required claims');
    }
    return payload as unknown as VerifiedToken;
  }
}
