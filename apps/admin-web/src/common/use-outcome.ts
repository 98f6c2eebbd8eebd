import { type DependencyList, useCallback, useEffect, useState } from 'react';
import type { Outcome } from '../app/console-context';

export type Loaded<T> = { state: 'loading' } | { state: 'done'; outcome: Outcome<T> };

/**
 * The outcome of a load that runs again when `deps` change or `reload()` is called; an answer
 * that arrives after a newer load started is dropped, so a slow page of results never overwrites
 * the one asked for last.
 */
export function useOutcome<T>(load: () => Promise<Outcome<T>>, deps: DependencyList): [Loaded<T>, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  // The caller names what the load depends on, as with useCallback.
  const run = useCallback(load, deps);
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    void run().then((outcome) => {
      if (current) setLoaded({ state: 'done', outcome });
    });
    return () => {
      current = false;
    };
  }, [run, round]);
  return [loaded, () => setRound((value) => value + 1)];
}
