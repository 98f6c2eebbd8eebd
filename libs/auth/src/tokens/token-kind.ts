/**
 * Every token names what it is, in the `kind` claim and in the JOSE `typ` header (RFC 8725 3.11),
 * so that a login token can never stand in for an access token or the reverse.
 */
export const TOKEN_KINDS = ['account', 'persona', 'login', 'persona-login'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

export const typHeaderOf = (kind: TokenKind): string => `${kind}+jwt`;

export const isTokenKind = (value: unknown): value is TokenKind =>
  typeof value === 'string' && (TOKEN_KINDS as readonly string[]).includes(value);

/** Lifetimes in seconds: access tokens 15 minutes, login steps 10 (docs/contract.md, "Access"). */
export const TOKEN_TTL_SECONDS: Record<TokenKind, number> = {
  account: 15 * 60,
  persona: 15 * 60,
  login: 10 * 60,
  'persona-login': 10 * 60,
};
