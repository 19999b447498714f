import { startTransition, useEffect, useState } from 'react';

/**
 * How many frames have been painted since mount, counting up to `stages` (at once `stages` when
 * `wait` is false). The lab draws its header's words first and the rest in stages, one per
 * frame: one first frame laid out the whole first screen, and on a two-core Linux machine it took
 * 250–350 ms, much of it waiting on the browser process for each font and size in use. Each
 * frame now lays out a part of it; the formulas, with six of KaTeX's font sizes, have one of
 * their own.
 */
export function usePaintedStages(stages: number, wait: boolean): number {
  const [painted, setPainted] = useState(wait ? 0 : stages);
  useEffect(() => {
    if (painted >= stages) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the frame is painted; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted((n) => Math.min(stages, n + 1))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted, stages]);
  return painted;
}
