import type { TokenKind } from './token-kind';

/** What a service learns from a verified token. */
export interface TokenClaims {
  sub: string;
  kind: TokenKind;
  emailAddress: string;
  isAdmin?: boolean;
  personaId?: string;
  /** Login tokens name the challenge they may verify. */
  challengeId?: string;
}

export interface VerifiedToken extends TokenClaims {
  iss: string;
  aud: string;
  iat: number;
  exp: number;
  jti: string;
}
