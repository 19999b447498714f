import { useEffect, type RefObject } from 'react';

/**
 * How long the section is kept in view while the page above it settles, in milliseconds. Sections
 * above load their code and compute when they come near the screen; on a busy machine that took
 * more than the two seconds once allowed here, and the linked section was pushed out of view.
 */
const SETTLE_MS = 8_000;

/**
 * How long a link waits for the part it names to be on the page (go=hvp's Second derivatives,
 * inside a section whose code loads as it comes near) before the settle begins without it.
 */
const ARRIVE_MS = 30_000;

/**
 * The last `linked` count each section has answered. A section unmounts while the lesson is shown
 * and mounts again on the way back; without this it would scroll to itself again for a link
 * followed long before (and so would every other section ever linked).
 */
const answered = new Map<string, number>();

/**
 * Brings the element to the top of the page each time `linked` grows (once per count for each
 * `name`, across remounts), and keeps it there while
 * the sections above it load and change height (the chain's tape, loaded as the page scrolls past
 * it), until the reader scrolls, clicks or types, or about eight seconds have passed. Where `ref`
 * stands in for a part still loading, `arrived` says when the part itself is there: the eight
 * seconds count from then (or from 30 s), so a slow load cannot leave the reader at the stand-in.
 */
export function useScrollWhenLinked(ref: RefObject<HTMLElement | null>, linked: number, name = '', arrived?: () => boolean): void {
  useEffect(() => {
    const el = ref.current;
    if (linked === 0 || !el || answered.get(name) === linked) return;
    let frame = 0;
    let first = Number.NaN;
    let started = Number.NaN;
    let lastTop = Number.NaN;
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of events) window.removeEventListener(type, stop);
    };
    const tick = (now: number) => {
      if (Number.isNaN(first)) first = now;
      if (Number.isNaN(started) && (arrived?.() !== false || now - first >= ARRIVE_MS)) started = now;
      // Marked on the first frame, not at once, so a mount undone before it paints (StrictMode) still scrolls.
      answered.set(name, linked);
      // Read each frame: a ref may point into a part that is still loading (go=hvp's panel).
      const at = ref.current ?? el;
      const top = at.getBoundingClientRect().top + window.scrollY;
      if (top !== lastTop) {
        lastTop = top;
        at.scrollIntoView({ block: 'start', behavior: 'instant' });
      }
      if (Number.isNaN(started) || now - started < SETTLE_MS) frame = requestAnimationFrame(tick);
      else stop();
    };
    frame = requestAnimationFrame(tick);
    for (const type of events) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [ref, linked, name, arrived]);
}
