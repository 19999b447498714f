import { useEffect, useEffectEvent, useState } from 'react';

/** What a figure has from the worker: the newest answer it has, and whether a newer one is on its way. */
export interface Answer<T> {
  value: T | null;
  /** The key `value` was computed for. */
  key: string | null;
  loading: boolean;
  error: string | null;
}

/**
 * Asks the worker for `key`'s answer whenever the key changes; the last answer stays on screen
 * while the next is computed, and an answer for a key that is no longer wanted is dropped.
 */
export function useAnswer<T>(key: string, compute: () => Promise<T>): Answer<T> {
  const [state, setState] = useState<Answer<T>>({ value: null, key: null, loading: true, error: null });
  // A new key: the answer on screen is kept, marked as loading, while the next is computed.
  const [asked, setAsked] = useState(key);
  if (asked !== key) {
    setAsked(key);
    setState((s) => (s.loading && s.error === null ? s : { ...s, loading: true, error: null }));
  }
  // `compute` is called as it is when the key changes; a new function for the same key asks nothing.
  const start = useEffectEvent(compute);
  useEffect(() => {
    let live = true;
    start().then(
      (value) => live && setState({ value, key, loading: false, error: null }),
      (error: unknown) => live && setState((s) => ({ ...s, loading: false, error: error instanceof Error ? error.message : String(error) })),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}
