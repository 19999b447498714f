import { LinkedPart } from '../../shell/go/LinkedPart.tsx';
import { LazySection } from '../../shell/LazySection.tsx';
import { useLab } from '../../state/store/index.ts';

/** The section's body, with its worker: fetched when the section first comes near the screen. */
const loadBugsLab = () => import('./BugsLab.tsx').then((m) => m.BugsLab);

/**
 * "Bugs you will meet": what trips people up in `loss.backward()`, each switched on on the lab's
 * chain, with the PyTorch lines that cause it, the fix, and what the tape does; and H·v, second
 * derivatives on the same tape. It has no `go=` of its own: `go=bugs` lands on it, `go=hvp` on its
 * Second derivatives part once its body has loaded.
 */
export function BugsSection() {
  return (
    <LinkedPart section="bugs">
      <LinkedPart section="hvp" within={secondDerivatives}>
        <BugsPanel />
      </LinkedPart>
    </LinkedPart>
  );
}

/** The bugs section's "Second derivatives" part, once its body has loaded. */
const secondDerivatives = (section: Element) => section.querySelector('.bug-second');

function BugsPanel() {
  const wanted = useLab((s) => s.bugsWanted || s.bugOn !== null);
  return (
    <LazySection
      go="bugs"
      className="bugs-panel"
      title="Bugs you will meet"
      caption={
        <>
          The bugs people meet in PyTorch are what the tape makes visible. Switch one on: it runs on the chain above, with
          its c, x₀, target and steps, and shows the lines that cause it, the line that fixes it, and what happens — the
          wrong gradient beside the right one, or the error a framework raises, and why. Nothing runs Python.
        </>
      }
      wanted={wanted}
      onNear={useLab.getState().setBugsWanted}
      loading="Loading the bugs…"
      waiting="The bugs are run when this section comes into view."
      load={loadBugsLab}
    />
  );
}
