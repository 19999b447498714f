import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useMediaQuery } from '../ui/useMediaQuery.ts';

/** Milliseconds each frame of a "Show me" stays on screen once its figure is drawn. */
export const FRAME_MS = 700;

export interface ShowMe {
  playing: boolean;
  /** Starts from the first frame (reduced motion: goes straight to the last). */
  play: () => void;
  stop: () => void;
}

/**
 * "Show me": plays `count` frames on a live figure, calling `show(i)` for each, and moves on only
 * once `ready` (the worker's answer for the frame is drawn) and FRAME_MS have passed. Any input
 * from the learner (a key, a pointer, a wheel) stops it where it is, so they can take over at
 * any moment. With prefers-reduced-motion the last frame is shown at once.
 */
export function useShowMe(count: number, show: (frame: number) => void, ready: boolean, frameMs = FRAME_MS): ShowMe {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [frame, setFrame] = useState(-1);
  const playing = frame >= 0;
  const stop = useCallback(() => setFrame(-1), []);

  const play = useCallback(() => {
    if (count <= 0) return;
    if (reduced) {
      show(count - 1);
      return;
    }
    show(0);
    setFrame(0);
  }, [count, reduced, show]);

  // The next frame once this one is drawn and has been seen (`show` as it is then).
  const showNext = useEffectEvent((next: number) => show(next));
  useEffect(() => {
    if (frame < 0 || !ready) return;
    const timer = setTimeout(() => {
      if (frame + 1 >= count) return setFrame(-1);
      showNext(frame + 1);
      setFrame(frame + 1);
    }, frameMs);
    return () => clearTimeout(timer);
  }, [frame, ready, count, frameMs]);

  // Any input takes over. Listening starts after the click that began playing has finished.
  useEffect(() => {
    if (!playing) return;
    // The Show me button itself stops it by its click (a pointer, Enter or Space on it).
    const takeOver = (event: Event) => {
      const onButton = event.target instanceof Element && event.target.closest('.show-me') !== null;
      const clicks = event.type === 'pointerdown' || (event instanceof KeyboardEvent && (event.key === 'Enter' || event.key === ' '));
      if (!(onButton && clicks)) setFrame(-1);
    };
    const events = ['pointerdown', 'keydown', 'wheel'] as const;
    const timer = setTimeout(() => events.forEach((e) => window.addEventListener(e, takeOver, { capture: true, passive: true })), 0);
    return () => {
      clearTimeout(timer);
      events.forEach((e) => window.removeEventListener(e, takeOver, { capture: true }));
    };
  }, [playing]);

  return { playing, play, stop };
}
