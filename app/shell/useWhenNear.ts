import { useEffect, type RefObject } from 'react';

/**
 * Calls `onNear(true)` once the element comes within `margin` of the screen (400 px above and
 * below unless told; at once where there is no IntersectionObserver), so a section's code and
 * worker load only when someone scrolls to it.
 */
export function useWhenNear(
  ref: RefObject<HTMLElement | null>,
  already: boolean,
  onNear: (near: true) => void,
  margin = '400px 0px',
): void {
  useEffect(() => {
    const el = ref.current;
    if (already || !el) return;
    if (typeof IntersectionObserver === 'undefined') return onNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, already, onNear, margin]);
}
