import { useEffect, useRef, useState } from 'react';

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
  const computeRef = useRef(compute);
  computeRef.current = compute;
  useEffect(() => {
    let live = true;
    setState((s) => (s.loading && s.error === null ? s : { ...s, loading: true, error: null }));
    computeRef.current().then(
      (value) => live && setState({ value, key, loading: false, error: null }),
      (error: unknown) => live && setState((s) => ({ ...s, loading: false, error: error instanceof Error ? error.message : String(error) })),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}
