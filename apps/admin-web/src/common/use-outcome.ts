import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import type { Outcome } from '../app/console-context';

export type Loaded<T> = { state: 'loading' } | { state: 'done'; outcome: Outcome<T> };

/**
 * The outcome of a load that runs again when `deps` change or `reload()` is called. A reload keeps
 * what is shown until the new answer arrives (the page, its focus and its notices stay); new deps
 * show the loading state. An answer that arrives after a newer load started is dropped, so a slow
 * page of results never overwrites the one asked for last.
 */
export function useOutcome<T>(load: () => Promise<Outcome<T>>, deps: DependencyList): [Loaded<T>, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const reloading = useRef(false);
  // The caller names what the load depends on, as with useCallback.
  const run = useCallback(load, deps);
  useEffect(() => {
    let current = true;
    if (!reloading.current) setLoaded({ state: 'loading' });
    reloading.current = false;
    void run().then((outcome) => {
      if (current) setLoaded({ state: 'done', outcome });
    });
    return () => {
      current = false;
    };
  }, [run, round]);
  const reload = useCallback(() => {
    reloading.current = true;
    setRound((value) => value + 1);
  }, []);
  return [loaded, reload];
}
