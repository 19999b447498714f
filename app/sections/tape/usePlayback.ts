import { useEffect } from 'react';
import { useMediaQuery } from '../../ui/useMediaQuery.ts';
import { usePlayer } from './player.ts';
import { timelineOf } from '../../ui/tape/timeline.ts';

/**
 * While playing, advances the timeline at the chosen speed on animation frames, and stops at the
 * end. Reads the store afresh each frame, so speed changes and steps take effect at once.
 */
export function usePlayback(): void {
  const useTape = usePlayer();
  const playing = useTape((s) => s.playing);
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last = performance.now();
    let carry = 0;
    const tick = (now: number) => {
      const s = useTape.getState();
      if (!s.playing || !s.tape) return;
      carry += ((now - last) / 1000) * s.speed;
      last = now;
      const steps = Math.floor(carry);
      if (steps > 0) {
        carry -= steps;
        const end = timelineOf(s.tape).end;
        const next = Math.min(end, s.position + steps);
        s.seek(next, next < end);
        if (next >= end) return;
      }
      frame = requestAnimationFrame(tick);
    };
    // The first step comes at once, so Play answers immediately.
    carry = 1;
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, useTape]);
}

/** Whether the reader asked for less motion. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
