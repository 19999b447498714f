import { lazy, Suspense, useId, useRef } from 'react';
import { useLab } from '../store/index.ts';
import { useScrollWhenLinked } from './useScrollWhenLinked.ts';
import { useWhenNear } from './useWhenNear.ts';

/** The playground's body, with its worker: fetched when the section first comes near the screen. */
const Playground = lazy(() => import('./Playground.tsx').then((m) => ({ default: m.Playground })));

/**
 * "Your own expression": type an expression, move its variables, and see its gradient by reverse
 * mode, dual numbers and central differences, with its tape. A link that names an expression
 * (`#…&expr=x*x%2Bx&at=x:3`) loads it at once and brings the section into view.
 */
export function PlaygroundSection() {
  const id = useId();
  const ref = useRef<HTMLElement | null>(null);
  const wanted = useLab((s) => s.exprWanted);
  const linked = useLab((s) => s.exprLinked);
  useWhenNear(ref, wanted, useLab.getState().setExprWanted);
  useScrollWhenLinked(ref, linked);
  return (
    <section ref={ref} className="panel playground-panel" aria-labelledby={id}>
      <h2 id={id}>
        <span className="swatch swatch-reverse" aria-hidden="true" />
        Your own expression
      </h2>
      <p className="caption">
        Type any expression in your own variables. The worker parses it (by hand: nothing is run as code), records it on a
        tape and differentiates it three ways: one reverse sweep of the tape, one dual-number pass per variable, and two
        evaluations per variable for central differences.
      </p>
      {wanted ? (
        <Suspense fallback={<p className="tape-placeholder">Loading the playground…</p>}>
          <Playground />
        </Suspense>
      ) : (
        <p className="tape-placeholder">The playground loads when this section comes into view.</p>
      )}
    </section>
  );
}
