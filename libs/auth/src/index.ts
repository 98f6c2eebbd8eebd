export { TOKEN_KINDS, TOKEN_TTL_SECONDS, isTokenKind, typHeaderOf, type TokenKind } from './tokens/token-kind';
export type { TokenClaims, VerifiedToken } from './tokens/token-claims';
export { TokenError, TokenSigner, type TokenSettings } from './tokens/token-signer';
export type { JsonWebKeySet, PublicJsonWebKey } from './tokens/signing-key';
export { DEFAULT_VERIFIED_TOKEN_CACHE_SIZE, VerifiedTokenCache } from './tokens/verified-token-cache';
export { ensureKeyPairFiles, generateKeyPair, type KeyPairPem } from './tokens/key-pair';
export { AccessGuard } from './guards/access.guard';
export { TOKEN_STANDING_TTL_MS, TokenStanding, type AccountStanding } from './guards/token-standing';
export {
  AcceptTokens,
  AdminOnly,
  DEFAULT_TOKEN_KINDS,
  Principal,
  TokenRefusals,
  type AuthenticatedRequest,
  type TokenRefusalAnswers,
} from './guards/access.decorators';
export { SecurityModule } from './security.module';
export { CODE_CHALLENGE_PATTERN, CODE_VERIFIER_PATTERN, pkceMatches, s256Challenge } from './login/pkce';
export {
  LONG_OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  canonicalOtp,
  generateOtp,
  hashOtp,
  newOtpSalt,
  otpMatches,
  type OtpKind,
} from './login/otp';
export {
  GUESS_WINDOW_MS,
  SHORT_GUESSES_PER_DAY,
  guessWindowStart,
  guessesHeld,
  otpKindForNewStep,
  type ShortCodeStep,
} from './login/guess-budget';
export { createLoginTables, type LoginTables } from './login/login.tables';
export {
  LoginRepository,
  type LoginChallengeRow,
  type LoginRowCounts,
  type LoginThrottleRow,
  type NewLoginChallenge,
  type NewRefreshToken,
  type RefreshTokenRow,
  type ThrottleDelay,
} from './login/login.repository';
export type { LoginSubject, LoginSubjects } from './login/login-subjects';
export {
  PasswordlessLogin,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  type PasswordlessLoginOptions,
  type TokenPair,
} from './login/passwordless-login';
export { FAILURES_BEFORE_DELAY, LoginThrottle, SignInLockedError } from './login/login-throttle';
export { RetryAfterInterceptor } from './login/retry-after.interceptor';
export { LoginRequestDto, RefreshRequestDto, VerifyRequestDto } from './login/login-request.dto';
export { AccountResource } from './guards/account-resource.decorator';
export { PartnerCaller, PartnerKeyAuth, PartnerKeyGuard, basicUserOf, type PartnerRequest } from './guards/partner-key.guard';
