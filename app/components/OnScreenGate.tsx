import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { isDragging, onDragging } from '../perf/dragging.ts';
import { HeldOffScreen } from '../store/onScreen.ts';

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
  const [near, setNear] = useState(true);
  const [dragging, setDragging] = useState(isDragging);

  useEffect(
    () =>
      onDragging((now) => {
        // Holding starts with the input that starts a drag; catching up may wait for idle time.
        if (now) setDragging(true);
        else startTransition(() => setDragging(false));
      }),
    [],
  );

  useLayoutEffect(() => {
    const part = marker.current?.nextElementSibling;
    if (!part || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        setNear(entry.isIntersecting);
      },
      { rootMargin: `${NEAR_PX}px 0px` },
    );
    observer.observe(part);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <span ref={marker} hidden />
      <HeldOffScreen.Provider value={dragging && !near}>{children}</HeldOffScreen.Provider>
    </>
  );
}
