import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { isDragging, onDragging } from '../state/perf/dragging.ts';
import { HeldOffScreen, type Hold } from '../state/store/onScreen.ts';

/** How near the screen (px, above and below) a part must be to follow a dragged slider. */
export const NEAR_PX = 150;

/**
 * Keeps one part of the page (a panel, a section) from rendering while a slider is dragged and the
 * part is more than NEAR_PX from the screen: it keeps showing what it showed, and catches up as
 * soon as it comes near the screen, or once the slider rests (app/state/perf/dragging.ts) in a render
 * that yields to input. Anything on or near the screen is current in the frame that paints a
 * report, so the input-to-paint timing still measures what the reader sees; a screen reader or a
 * test reading a far part after the drag finds it current once the slider has rested.
 *
 * The part is the element rendered right after the gate's hidden marker, so the gate adds no box
 * to the page's layout.
 */
export function OnScreenGate({ children }: { children: ReactNode }) {
  const marker = useRef<HTMLSpanElement>(null);
  const [hold, setHold] = useState<Hold>(() => ({ held: false }));
  // What the gate reads between renders: the hold its part's readers have (committed), the hold it
  // last gave (the same, or a release not yet committed), and whether the part is near the screen.
  const shown = useRef(hold);
  const given = useRef(hold);
  const near = useRef(true);
  useLayoutEffect(() => {
    shown.current = hold;
  }, [hold]);

  useEffect(() => {
    const follow = () => {
      if (isDragging() && !near.current) {
        if (given.current === shown.current) {
          // Holding starts with the input that starts a drag, by writing the hold: nothing renders.
          given.current.held = true;
        } else {
          // A release is still pending (the slider rested and is grabbed again): give back the
          // hold the readers have, still held, so the pending render has nothing to change. Writing
          // into the pending hold would re-render every reader at each input until the drag ends.
          const back = shown.current;
          given.current = back;
          startTransition(() => setHold(back));
        }
      } else if (given.current.held) {
        const next = { held: false };
        given.current = next;
        // At rest, the part catches up in a transition, which yields to input and may wait for
        // idle time. A part that comes near during a drag catches up at once: in a transition,
        // every input of the drag would restart it.
        if (isDragging()) setHold(next);
        else startTransition(() => setHold(next));
      }
    };
    follow();
    const stop = onDragging(follow);
    const part = marker.current?.nextElementSibling;
    if (!part || typeof IntersectionObserver === 'undefined') return stop;
    const observer = new IntersectionObserver(
      (entries) => {
        near.current = entries[entries.length - 1].isIntersecting;
        follow();
      },
      { rootMargin: `${NEAR_PX}px 0px` },
    );
    observer.observe(part);
    return () => {
      stop();
      observer.disconnect();
    };
  }, []);

  return (
    <>
      <span ref={marker} hidden />
      <HeldOffScreen.Provider value={hold}>{children}</HeldOffScreen.Provider>
    </>
  );
}
