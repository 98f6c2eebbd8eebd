import { type AppSession, createAppSession, type SessionStore } from '@teamfit/api-client';
import { tabSessionStore } from '@teamfit/web-ui';
import { createContext, useContext } from 'react';

export { attempt, type Outcome } from '@teamfit/api-client';

/**
 * What every page of the console shares: the administrator's signed-in state (an account session,
 * kept under its own session-storage key, apart from the hub's persona session), the typed client
 * and the sign-in steps.
 */
export type Console = AppSession;

export function createConsole(apiBaseUrl: string, store: SessionStore | undefined = tabSessionStore()): Console {
  return createAppSession('account', apiBaseUrl, store);
}

export const ConsoleContext = createContext<Console | null>(null);

export function useConsole(): Console {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside ConsoleContext');
  return value;
}
