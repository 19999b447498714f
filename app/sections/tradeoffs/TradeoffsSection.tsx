import { LazySection } from '../../shell/LazySection.tsx';
import { useLab } from '../../state/store/index.ts';

/** The section's body, with its worker: fetched when the section first comes near the screen. */
const loadTradeoffsLab = () => import('./TradeoffsLab.tsx').then((m) => m.TradeoffsLab);

/**
 * "What frameworks hide": four levers a framework pulls behind one line of code — stopping the
 * gradient, fusing a step, saving or recomputing, forward or reverse mode for a Jacobian —
 * pulled on the lab's chain, with the gradient, the memory and the time they change.
 */
export function TradeoffsSection() {
  const wanted = useLab((s) => s.tradeoffsWanted);
  const linked = useLab((s) => s.sectionLinked.tradeoffs ?? 0);
  return (
    <LazySection
      go="tradeoffs"
      className="tradeoffs-panel"
      title="What frameworks hide"
      caption={
        <>
          A framework decides for you when to stop the gradient, how many nodes a step records, what it keeps for the
          backward sweep and which mode differentiates. Each lever below changes the chain above, with its c, x₀, target
          and steps, and shows what moves: the gradient, the memory or the time. The gradient here is the list of every
          ∂L/∂aₜ and ∂L/∂bₜ.
        </>
      }
      wanted={wanted}
      linked={linked}
      onNear={useLab.getState().setTradeoffsWanted}
      loading="Loading the four levers…"
      waiting="The four levers are computed when this section comes into view."
      load={loadTradeoffsLab}
    />
  );
}
