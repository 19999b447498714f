import { LazySection } from '../../shell/LazySection.tsx';
import { useLab } from '../../state/store/index.ts';

/** The playground's body, with its worker: fetched when the section first comes near the screen. */
const loadPlayground = () => import('./Playground.tsx').then((m) => m.Playground);

/**
 * "Your own expression": type an expression, move its variables, and see its gradient by reverse
 * mode, dual numbers and central differences, with its tape. A link that names an expression
 * (`#…&expr=x*x%2Bx&at=x:3`) loads it at once and brings the section into view.
 */
export function PlaygroundSection() {
  const wanted = useLab((s) => s.exprWanted);
  const linked = useLab((s) => s.exprLinked);
  return (
    <LazySection
      go="playground"
      className="playground-panel"
      title="Your own expression"
      caption={
        <>
          Type any expression in your own variables. The worker parses it (by hand: nothing is run as code), records it on
          a tape and differentiates it three ways: one reverse sweep of the tape, one dual-number pass per variable, and
          two evaluations per variable for central differences.
        </>
      }
      wanted={wanted}
      onNear={useLab.getState().setExprWanted}
      loading="Loading the playground…"
      waiting="The playground loads when this section comes into view."
      linked={linked}
      load={loadPlayground}
    />
  );
}
