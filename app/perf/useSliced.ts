import { useEffect, useMemo, useState, type DependencyList } from 'react';
import { finish, SLICE_MS, type Slices } from './slices.ts';

export interface Sliced<T> {
  /** The last value computed to its end: the one for `deps`, or while that is under way, the one before (null at first). */
  value: T | null;
  /** Whether `value` is the one for the current `deps`. */
  current: boolean;
}

/**
 * The value of `make()` for the current `deps`. When `sliced` is false it is computed during the
 * render, as useMemo would. When true (a chain of 100,000 steps), it is computed after the
 * render in tasks of about SLICE_MS each, with the page free to paint and answer input in
 * between, so no task runs long; meanwhile the last finished value is returned, marked not
 * current. A change of `deps` abandons a computation under way.
 */
export function useSliced<T>(make: () => Slices<T>, deps: DependencyList, sliced: boolean): Sliced<T> {
  // `deps` are the caller's, as for useMemo.
  const now = useMemo(() => (sliced ? null : { value: finish(make()) }), [sliced, ...deps]);
  const [done, setDone] = useState<{ deps: DependencyList; value: T } | null>(null);
  useEffect(() => {
    if (!sliced) return;
    const slices = make();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const run = () => {
      timer = null;
      const start = performance.now();
      for (;;) {
        const slice = slices.next();
        if (slice.done) {
          setDone({ deps, value: slice.value });
          return;
        }
        if (performance.now() - start > SLICE_MS) break;
      }
      timer = setTimeout(run, 0);
    };
    timer = setTimeout(run, 0);
    return () => {
      if (timer !== null) clearTimeout(timer);
    };
  }, [sliced, ...deps]);
  if (now) return { value: now.value, current: true };
  const current = done !== null && done.deps.length === deps.length && done.deps.every((d, i) => Object.is(d, deps[i]));
  return { value: done?.value ?? null, current };
}
