import { useEffect, useMemo, useState, type DependencyList } from 'react';
import { finish, nextTask, type Slices } from '../../../engine/slicing.ts';
import { SLICE_MS } from './slices.ts';

export interface Sliced<T> {
  /**
   * The last value computed to its end: the one for `deps`, or while that is being made, the
   * one before it (so a panel can keep showing it, dimmed). Null before the first.
   */
  value: T | null;
  /** Whether `value` is the one for the current `deps`. */
  current: boolean;
}

function sameDeps(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((d, i) => Object.is(d, b[i]));
}

/**
 * The value of `make()` for the current `deps`. When `sliced` is false it is computed during the
 * render, as useMemo would. When true (a chain of 100,000 steps), it is computed after the render
 * in tasks of about SLICE_MS each, with the page free to paint and answer input in between, so
 * no task runs long; meanwhile the last finished value is returned, marked not current (one old
 * value at most is kept, and none once `sliced` turns false). A change of `deps` abandons a
 * computation under way. An error thrown by a slice is thrown again during the render, so the
 * section's error boundary hears it as it would a render's.
 */
export function useSliced<T>(make: () => Slices<T>, deps: DependencyList, sliced: boolean): Sliced<T> {
  // `deps` are the caller's, as for useMemo: the lint checks them where useSliced is called
  // (eslint.config.js names it to exhaustive-deps), and cannot see through the spread here.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps, checked at the call
  const now = useMemo(() => (sliced ? null : { value: finish(make()) }), [sliced, ...deps]);
  const [done, setDone] = useState<{ deps: DependencyList; value: T } | null>(null);
  const [failed, setFailed] = useState<{ deps: DependencyList; error: unknown } | null>(null);
  // Computed during the render, no value is kept.
  if (!sliced && done !== null) setDone(null);
  useEffect(() => {
    if (!sliced) return;
    const slices = make();
    let cancel: (() => void) | null = null;
    const run = () => {
      cancel = null;
      const start = performance.now();
      try {
        for (;;) {
          const slice = slices.next();
          if (slice.done) {
            setDone({ deps, value: slice.value });
            return;
          }
          if (performance.now() - start > SLICE_MS) break;
        }
      } catch (error) {
        setFailed({ deps, error });
        return;
      }
      cancel = nextTask(run);
    };
    cancel = nextTask(run);
    return () => cancel?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps, checked at the call
  }, [sliced, ...deps]);
  if (failed && sameDeps(failed.deps, deps)) throw failed.error;
  if (now) return { value: now.value, current: true };
  return { value: done?.value ?? null, current: done !== null && sameDeps(done.deps, deps) };
}
