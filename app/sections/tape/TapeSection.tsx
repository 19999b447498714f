import { LazySection } from '../../shell/LazySection.tsx';
import { useLab } from '../../state/store/index.ts';

/** The panel's body, with the graph, the player and the table: fetched when first needed. */
const loadTapeLab = () => import('./TapeLab.tsx').then((m) => m.TapeLab);

/**
 * "The tape": the chain's Wengert list recorded and swept step by step. The section is always on
 * the page; its body is loaded, and the tape recorded by the worker, only once it comes near the
 * screen, so the sliders above never wait for it.
 */
export function TapeSection() {
  const wanted = useLab((s) => s.tapeWanted);
  const linked = useLab((s) => s.sectionLinked.tape ?? 0);
  return (
    <LazySection
      go="tape"
      className="tape-panel"
      title="The tape"
      caption={
        <>
          Each primitive the chain runs is one node on the tape, its value and local partials written as it runs forward.
          The sweep then reads the tape backward, and blame flows along the same edges the values came:
          adj[parent] += ∂node/∂parent · adj[node]. A node read several times collects one contribution per read.
        </>
      }
      wanted={wanted}
      linked={linked}
      onNear={useLab.getState().setTapeWanted}
      loading="Loading the tape panel…"
      waiting="The tape is recorded when this panel comes into view."
      load={loadTapeLab}
    />
  );
}
