import { createApiClient, type PlatformClient } from './api-client';
import { networkProblem, problemOf, type ApiProblem } from './api-problem';
import { SignInFlow } from './sign-in';
import { type SessionKind, type SessionStore, TokenSession } from './token-session';

/** What every page of a web app shares: the signed-in state, the typed client and the sign-in steps. */
export interface AppSession {
  session: TokenSession;
  client: PlatformClient;
  signIn: SignInFlow;
}

export function createAppSession(kind: SessionKind, baseUrl: string, store?: SessionStore): AppSession {
  const session = new TokenSession({ kind, ...(store ? { store } : {}) });
  return {
    session,
    client: createApiClient({ baseUrl, session }),
    // The sign-in steps carry their own tokens: a client without the session's.
    signIn: new SignInFlow(createApiClient({ baseUrl }), session),
  };
}

export type Outcome<T> = { ok: true; data: T; response: Response } | { ok: false; problem: ApiProblem };

/**
 * One call of the typed client as an outcome a page can show. A refusal after the session ended
 * (its renewal was refused) is an expired session, whatever the status.
 */
export async function attempt<T>(
  session: TokenSession,
  call: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Outcome<T>> {
  try {
    const { data, error, response } = await call();
    if (response.ok) return { ok: true, data: data as T, response };
    const problem = problemOf(response, error);
    if ((response.status === 401 || response.status === 403) && !session.signedIn) {
      return { ok: false, problem: { ...problem, kind: 'session-expired' } };
    }
    return { ok: false, problem };
  } catch (error) {
    return { ok: false, problem: networkProblem(error) };
  }
}
