import {
  createApiClient,
  networkProblem,
  type ApiProblem,
  type PlatformClient,
  problemOf,
  SignInFlow,
  type SessionStore,
  TokenSession,
} from '@teamfit/api-client';
import { createContext, useContext } from 'react';

/**
 * What every page of the console shares: the administrator's signed-in state (an account session,
 * kept under its own session-storage key, apart from the hub's persona session), the typed client
 * and the sign-in steps.
 */
export interface Console {
  session: TokenSession;
  client: PlatformClient;
  signIn: SignInFlow;
}

/** The tab's session storage, when the browser lets the page use it. */
function tabStore(): SessionStore | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function createConsole(apiBaseUrl: string, store: SessionStore | undefined = tabStore()): Console {
  const session = new TokenSession({ kind: 'account', store });
  return {
    session,
    client: createApiClient({ baseUrl: apiBaseUrl, session }),
    // The sign-in steps carry their own tokens: a client without the session's.
    signIn: new SignInFlow(createApiClient({ baseUrl: apiBaseUrl }), session),
  };
}

export const ConsoleContext = createContext<Console | null>(null);

export function useConsole(): Console {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside ConsoleContext');
  return value;
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
