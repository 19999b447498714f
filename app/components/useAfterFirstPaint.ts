import { startTransition, useEffect, useState } from 'react';

/**
 * False until the page has painted once, then true (at once when `wait` is false). The lab draws
 * its header first and everything below it after that first paint: one first frame laid out the
 * whole first screen, and on a two-core Linux machine it took 250–350 ms, much of it waiting on
 * the browser for each font size in use. Two frames of half the work each stay under 200 ms.
 */
export function useAfterFirstPaint(wait: boolean): boolean {
  const [painted, setPainted] = useState(!wait);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the frame is painted; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
