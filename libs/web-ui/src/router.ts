import { useSyncExternalStore } from 'react';

/** A small history-API router: the location as React state, and navigation without a reload. */
const NAVIGATED = 'teamfit:navigated';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

const snapshot = (): string => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** The current path, query and fragment; re-renders on every navigation. */
export function useLocationKey(): string {
  return useSyncExternalStore(subscribe, snapshot);
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATED));
}
