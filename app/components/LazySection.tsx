import { Suspense, useId, useRef, type ReactNode } from 'react';
import { useScrollWhenLinked } from './useScrollWhenLinked.ts';
import { useWhenNear } from './useWhenNear.ts';

interface LazySectionProps {
  /** The section's class (its panel styles). */
  className: string;
  title: string;
  caption: ReactNode;
  /** Whether the body is wanted yet (in the store, so a link can want it before it is near). */
  wanted: boolean;
  /** Called once the section comes near the screen. */
  onNear: (near: true) => void;
  /** Shown while the body's code loads, and before it is wanted. */
  loading: string;
  waiting: string;
  /** The lazily loaded body. */
  children: ReactNode;
  /** Grows each time a link asks for this section: it is then brought into view (0: never). */
  linked?: number;
}

/**
 * A panel that is always on the page but loads its body (code, and any worker) only once it comes
 * near the screen, so the sliders above never wait for it: the tape, the playground, the tensors.
 */
export function LazySection({ className, title, caption, wanted, onNear, loading, waiting, children, linked = 0 }: LazySectionProps) {
  const id = useId();
  const ref = useRef<HTMLElement | null>(null);
  useWhenNear(ref, wanted, onNear);
  useScrollWhenLinked(ref, linked);
  return (
    <section ref={ref} className={`panel ${className}`} aria-labelledby={id}>
      <h2 id={id}>
        <span className="swatch swatch-reverse" aria-hidden="true" />
        {title}
      </h2>
      <p className="caption">{caption}</p>
      {wanted ? (
        <Suspense fallback={<p className="tape-placeholder">{loading}</p>}>{children}</Suspense>
      ) : (
        <p className="tape-placeholder">{waiting}</p>
      )}
    </section>
  );
}
