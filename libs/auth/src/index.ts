export { TOKEN_KINDS, TOKEN_TTL_SECONDS, isTokenKind, typHeaderOf, type TokenKind } from './tokens/token-kind';
export type { TokenClaims, VerifiedToken } from './tokens/token-claims';
export { TokenError, TokenSigner, type TokenSettings } from './tokens/token-signer';
export { ensureKeyPairFiles, generateKeyPair, type KeyPairPem } from './tokens/key-pair';
export { AccessGuard } from './guards/access.guard';
export { AcceptTokens, AdminOnly, DEFAULT_TOKEN_KINDS, Principal, type AuthenticatedRequest } from './guards/access.decorators';
export { SecurityModule } from './security.module';
