import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './generated/platform-api';
import type { Refresher, TokenPair, TokenSession } from './token-session';

/** The platform's operations, typed from docs/openapi/platform.json. */
export type PlatformClient = Client<paths>;
export type Schemas = components['schemas'];

export interface ApiClientOptions {
  /** The gateway's base URL, e.g. http://localhost:8080 (no trailing path). */
  baseUrl: string;
  /** The signed-in state whose access token each call carries; none for the sign-in calls alone. */
  session?: TokenSession;
  /** For tests and benchmarks; the page's own fetch otherwise. */
  fetch?: typeof globalThis.fetch;
}

/** The refresh call of a session's kind: POST /profile/persona/token or POST /auth/token. */
export function refresherFor(client: PlatformClient, session: TokenSession): Refresher {
  return async (refreshToken) => {
    const body = { refreshToken };
    const { data, response } =
      session.kind === 'persona' ? await client.POST('/profile/persona/token', { body }) : await client.POST('/auth/token', { body });
    if (data) return { accessToken: data.accessToken, refreshToken: data.refreshToken } satisfies TokenPair;
    // A refused token ends the session; anything else (429, 5xx) is passing, so the pair is kept.
    if (response.status === 401 || response.status === 403) return null;
    throw new Error(`the session could not be renewed (${response.status})`);
  };
}

/** The answer a call gets once its session has ended, in the platform's error body. */
const sessionEnded = (): Response =>
  new Response(JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'The session has ended; sign in again' }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });

const bearerOf = (request: Request): string | null => request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;

/**
 * Adds the session's Bearer token to every call that does not bring its own, renews the token
 * first when it is about to expire, and when the platform still refuses an expired token (its
 * clock runs ahead, or the tab slept) renews once and sends the call again. One renewal at a time
 * (TokenSession.refresh).
 */
export function sessionMiddleware(session: TokenSession, refresher: Refresher, fetchImpl: typeof globalThis.fetch): Middleware {
  const copies = new Map<string, Request>();
  return {
    async onRequest({ request, id }) {
      if (request.headers.has('Authorization')) return undefined;
      let token = session.accessToken();
      if (!token) return undefined;
      if (session.isExpiring(token)) token = await session.refresh(refresher);
      // The renewal was refused: the session is over, and the call would only be refused too.
      if (!token) return sessionEnded();
      request.headers.set('Authorization', `Bearer ${token}`);
      copies.set(id, request.clone());
      return request;
    },
    async onResponse({ request, response, id }) {
      const copy = copies.get(id);
      copies.delete(id);
      if (!copy || (response.status !== 401 && response.status !== 403)) return undefined;
      const sent = bearerOf(request);
      const current = session.accessToken();
      // A refusal of a token that is still good is an answer about the call, not the session.
      if (!sent || (sent === current && !session.isExpiring(sent, 0))) return undefined;
      const fresh = sent === current ? await session.refresh(refresher) : current;
      if (!fresh) return undefined;
      copy.headers.set('Authorization', `Bearer ${fresh}`);
      return fetchImpl(copy);
    },
    onError({ id }) {
      copies.delete(id);
      return undefined;
    },
  };
}

/** The typed client; with a session, its calls are authenticated and renewed as above. */
export function createApiClient(options: ApiClientOptions): PlatformClient {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const client = createClient<paths>({ baseUrl, fetch: fetchImpl });
  if (options.session) {
    const plain = createClient<paths>({ baseUrl, fetch: fetchImpl });
    client.use(sessionMiddleware(options.session, refresherFor(plain, options.session), fetchImpl));
  }
  return client;
}
