import { type AppSession, createAppSession } from '@teamfit/api-client';
import { tabSessionStore } from '@teamfit/web-ui';
import { createContext, useContext } from 'react';

export { attempt, type Outcome } from '@teamfit/api-client';

/** What every page of the hub shares: the persona's signed-in state, the typed client and the sign-in steps. */
export type Hub = AppSession;

export function createHub(apiBaseUrl: string): Hub {
  return createAppSession('persona', apiBaseUrl, tabSessionStore());
}

export const HubContext = createContext<Hub | null>(null);

export function useHub(): Hub {
  const hub = useContext(HubContext);
  if (!hub) throw new Error('useHub outside HubContext');
  return hub;
}
