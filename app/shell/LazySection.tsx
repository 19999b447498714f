import { lazy, Suspense, useId, useRef, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { GoTarget } from '../state/store/types.ts';
import { SectionBoundary, SectionLoadFailed } from './SectionBoundary.tsx';
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
  /** Imports the body's code: called when the body is first wanted, and again on each Retry. */
  load: () => Promise<ComponentType>;
  /** Grows each time a link asks for this section: it is then brought into view (0: never). */
  linked?: number;
  /** The section's `go=` target: after a failed load, Retry reloads the page landing here. */
  go: GoTarget;
}

/**
 * A panel that is always on the page but loads its body (code, and any worker) only once it comes
 * near the screen, so the sliders above never wait for it: the tape, the playground, the tensors.
 * If the body's code cannot be fetched, the section says so in one line and offers Retry; the
 * rest of the page keeps working.
 */
export function LazySection({ className, title, caption, wanted, onNear, loading, waiting, load, linked = 0, go }: LazySectionProps) {
  const id = useId();
  const ref = useRef<HTMLElement | null>(null);
  useWhenNear(ref, wanted, onNear);
  useScrollWhenLinked(ref, linked, title);
  // After an error in the body (its code had loaded), Retry draws it again as a new attempt. After
  // a failed load it reloads the page instead (SectionBoundary): the browser keeps a failed import.
  const [attempt, setAttempt] = useState(() => ({ n: 0, Body: lazyBody(load) }));
  const { Body } = attempt;
  const retry = () => {
    const next = lazyBody(load);
    setAttempt(({ n }) => ({ n: n + 1, Body: next }));
  };
  return (
    <section ref={ref} className={`panel ${className}`} aria-labelledby={id}>
      <h2 id={id}>
        <span className="swatch swatch-reverse" aria-hidden="true" />
        {title}
      </h2>
      <p className="caption">{caption}</p>
      {wanted ? (
        <SectionBoundary key={attempt.n} title={title} onRetry={retry} go={go}>
          <Suspense fallback={<p className="tape-placeholder">{loading}</p>}>
            <Body />
          </Suspense>
        </SectionBoundary>
      ) : (
        <p className="tape-placeholder">{waiting}</p>
      )}
    </section>
  );
}

/** The body as a lazy component: `load` runs when it is first rendered. */
function lazyBody(load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    load().then(
      (body) => ({ default: body }),
      (error: unknown) => {
        throw new SectionLoadFailed(error instanceof Error ? error.message : String(error));
      },
    ),
  );
}
