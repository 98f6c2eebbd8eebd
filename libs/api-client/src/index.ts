export { attempt, createAppSession, type AppSession, type Outcome } from './app-session';
export { createApiClient, refresherFor, sessionMiddleware, type ApiClientOptions, type PlatformClient, type Schemas } from './api-client';
export { describeProblem, networkProblem, problemOf, retryAfterSeconds, type ApiProblem } from './api-problem';
export { base64Url, createPkcePair, s256, type PkcePair, type WebCrypto } from './pkce';
export { SignInFlow, type SignInResult } from './sign-in';
export {
  expiryOf,
  REFRESH_MARGIN_SECONDS,
  TokenSession,
  type Refresher,
  type SessionKind,
  type SessionStore,
  type TokenPair,
  type TokenSessionOptions,
} from './token-session';
export type { components, operations, paths } from './generated/platform-api';
