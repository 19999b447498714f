import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { isDragging, onDragging } from '../perf/dragging.ts';
import { HeldOffScreen, type Hold } from '../store/onScreen.ts';

/** How near the screen (px, above and below) a part must be to follow a dragged slider. */
export const NEAR_PX = 150;

/**
 * Keeps one part of the page (a panel, a section) from rendering while a slider is dragged and the
 * part is more than NEAR_PX from the screen: it keeps showing what it showed, and catches up, in
 * a render that yields to input, as soon as it comes near the screen or the slider rests
 * (app/perf/dragging.ts). Anything on or near the screen is current in the frame that paints a
 * report, so the input-to-paint timing still measures what the reader sees; a screen reader or a
 * test reading a far part after the drag finds it current once the slider has rested.
 *
 * The part is the element rendered right after the gate's hidden marker, so the gate adds no box
 * to the page's layout.
 */
export function OnScreenGate({ children }: { children: ReactNode }) {
  const marker = useRef<HTMLSpanElement>(null);
  const [hold, setHold] = useState<Hold>(() => ({ held: false }));
  // What the gate reads between renders: the hold it gives (or is about to), and the part's place.
  const given = useRef(hold);
  const near = useRef(true);

  useEffect(() => {
    // Holding starts with the input that starts a drag, by writing the hold: nothing is rendered.
    // Catching up is a new hold in a transition, which may wait for idle time.
    const follow = () => {
      if (isDragging() && !near.current) given.current.held = true;
      else if (given.current.held) {
        const next = { held: false };
        given.current = next;
        startTransition(() => setHold(next));
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
