import './tape.css';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { SLICE_ABOVE } from '../../state/perf/slices.ts';
import { useSliced } from '../../state/perf/useSliced.ts';
import { chainLayoutSlices, COLLAPSE_ABOVE } from './chainLayout.ts';
import { EventCard, NodeCard, PitfallNote } from './EventCard.tsx';
import { layeredLayout, loadDagre } from './layeredLayout.ts';
import type { GraphLayout } from './layout.ts';
import { tapeFrame, tapeStaticsSlices, type ShownView, type TapeStatics } from '../../ui/tape/model.ts';
import { usePlayer } from './player.ts';
import { TapeGraph } from './TapeGraph.tsx';
import { TapeTable } from './TapeTable.tsx';
import { Transport } from './Transport.tsx';
import { usePlayback, useReducedMotion } from './usePlayback.ts';
import { setTapeStep, useStepLink } from '../../state/linked/stepLink.ts';

/**
 * The tape panel's body (loaded when the panel first comes on screen): the player, the graph, the
 * table and the equation of the step in play, all drawn from one tape and one position.
 */
export function TapeLab() {
  const useTape = usePlayer();
  const tape = useTape((s) => s.tape);
  const failure = useTape((s) => s.tapeFailure);
  if (!tape) return <p className="tape-placeholder">{failure ?? 'Recording the tape…'}</p>;
  return <TapeReader view={tape} />;
}

/**
 * What the player needs from the tape alone (app/ui/tape/model.ts), computed before the stage is drawn: at
 * once for a short tape, in slices for a long one (1.4 million nodes at 100,000 steps), so the
 * page stays responsive meanwhile.
 */
function TapeReader({ view }: { view: ShownView }) {
  const { value: statics, current } = useSliced(() => tapeStaticsSlices(view), [view], view.length > SLICE_ABOVE);
  if (!statics) return <p className="tape-placeholder">Reading the tape: {view.length.toLocaleString('en-US')} nodes…</p>;
  // While a new long tape is read, the last one stays on stage, dimmed, with its zoom, opened
  // steps, scroll and focus: it is the same stage, given the new tape when it is ready.
  return <TapeStage view={statics.view} statics={statics} reading={!current} />;
}

function TapeStage({ view, statics, reading = false }: { view: ShownView; statics: TapeStatics; reading?: boolean }) {
  const useTape = usePlayer();
  // The graph, table and equation follow the position at low priority: the slider and the
  // transport (which read it themselves) answer at once, and a scrub's next move interrupts a
  // render still under way.
  const position = useDeferredValue(useTape((s) => s.position));
  const overwrite = useTape((s) => s.overwrite);
  const selected = useTape((s) => s.selected);
  const playing = useTape((s) => s.playing);
  const loading = useTape((s) => s.tapeLoading);
  const [hovered, setHovered] = useState(-1);
  const reducedMotion = useReducedMotion();
  usePlayback();

  const tf = useMemo(() => tapeFrame(statics, position, overwrite), [statics, position, overwrite]);
  const layout = useGraphLayout(view);
  const linkedStep = useTapeLink(view, tf, statics.tl.end, position);

  // The live region speaks when the player rests, not at every frame of playback. It is empty
  // when it mounts and filled by the effect just after, so the first narration is spoken too (a
  // live region speaks its changes, not what it holds when it appears).
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- filled after the mount on purpose (above)
    setSpoken(playing ? 'Playing.' : tf.narration);
  }, [playing, tf.narration]);

  const { select, stepBy, togglePlay, seek } = useTape.getState();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    const tag = target.tagName;
    const type = tag === 'INPUT' ? (target as HTMLInputElement).type : '';
    const ends = event.key === 'Home' || event.key === 'End';
    // Form controls keep their own keys, except Home and End, which always act on the tape (and
    // must not scroll the page). The scrub slider moves the same position anyway; a checkbox
    // keeps only space.
    if (tag === 'TEXTAREA' || (tag === 'INPUT' && type !== 'range' && type !== 'checkbox')) return;
    if (tag === 'SELECT' && !ends) return;
    if (type === 'checkbox' && event.key === ' ') return;
    if (type === 'range' && event.key !== ' ' && !ends) return;
    if (tag === 'BUTTON' && (event.key === ' ' || event.key === 'Enter')) return;
    const end = statics.tl.end;
    const step = event.shiftKey ? 10 : 1;
    switch (event.key) {
      case ' ':
        togglePlay();
        break;
      case 'ArrowRight':
        stepBy(step);
        break;
      case 'ArrowLeft':
        stepBy(-step);
        break;
      case 'Home':
        seek(0);
        break;
      case 'End':
        seek(end);
        break;
      case 'Escape':
        select(-1);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  // The graph, the table and the cards are memoized, and the callbacks they are given are kept
  // stable: while the slider moves ahead of the deferred position, this component renders with
  // the old frame, and they are not drawn again for it.
  const openStep = layout.open;
  const onSelect = useCallback(
    (node: number) => {
      const player = useTape.getState();
      player.select(node === player.selected ? -1 : node);
      if (node >= 0 && view.step && view.step[node] >= 0) openStep(view.step[node]);
    },
    [useTape, view, openStep],
  );

  return (
    <div className={`tape-lab${loading || reading ? ' loading' : ''}`} onKeyDown={onKeyDown}>
      <Transport tl={statics.tl} />
      <p className="tape-narration" aria-hidden="true">
        {tf.narration}
      </p>
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {spoken}
      </p>
      {layout.value ? (
        <TapeGraph
          statics={statics}
          layout={layout.value}
          tf={tf}
          overwrite={overwrite}
          selected={selected}
          hovered={hovered}
          reducedMotion={reducedMotion}
          playing={playing}
          linkedStep={linkedStep}
          onHover={setHovered}
          onSelect={onSelect}
          onExpand={layout.open}
          onCollapse={layout.close}
          onCollapseAll={layout.anyOpen ? layout.closeAll : null}
        />
      ) : (
        <p className="tape-placeholder">Laying out the graph…</p>
      )}
      <GraphLegend collapsible={(view.steps ?? 0) > COLLAPSE_ABOVE} />
      <div className="tape-bottom">
        <TapeTable
          statics={statics}
          tf={tf}
          overwrite={overwrite}
          selected={selected}
          hovered={hovered}
          linkedStep={linkedStep}
          onHover={setHovered}
          onSelect={onSelect}
        />
        <div className="tape-side">
          <EventCard statics={statics} tf={tf} overwrite={overwrite} />
          {overwrite ? <PitfallNote statics={statics} /> : null}
          <NodeCard statics={statics} tf={tf} node={selected} />
          <p className="tape-keys">
            Keys, with focus in this panel: <kbd>space</kbd> play or pause, <kbd>←</kbd> <kbd>→</kbd> step (with{' '}
            <kbd>shift</kbd>, ten), <kbd>Home</kbd> <kbd>End</kbd>, <kbd>Esc</kbd> clears the selection.
          </p>
        </div>
      </div>
    </div>
  );
}

/**
 * Links the chain's tape to the figures above: publishes the step of the node in play (and,
 * during the backward sweep, the step being swept) and returns the step pointed at in a figure,
 * which the graph and the table highlight. A tape that is not the chain's has no steps to link.
 */
function useTapeLink(view: ShownView, tf: { node: number; frame: { phase: string } }, end: number, position: number): number | null {
  const steps = view.step ?? null;
  const step = steps && tf.node >= 0 && steps[tf.node] >= 0 ? steps[tf.node] : null;
  const sweeping = steps && tf.frame.phase === 'sweep' && position < end ? step : null;
  useEffect(() => {
    if (steps) setTapeStep(step, sweeping);
  }, [steps, step, sweeping]);
  useEffect(() => () => setTapeStep(null, null), [steps]);
  const hovered = useStepLink((s) => s.hovered);
  return steps ? hovered : null;
}

const GraphLegend = memo(function GraphLegend({ collapsible }: { collapsible: boolean }) {
  return (
    <ul className="legend tape-legend">
      <li>
        <span className="lg-node" aria-hidden="true">
          op
          <br />v
          <br />v̄
        </span>
        <span>a node: its op, value v (forward) and adjoint v̄ = ∂L/∂v (reverse)</span>
      </li>
      <li>
        <svg width="18" height="10" aria-hidden="true">
          <line x1={1} x2={17} y1={5} y2={5} className="lg-swept" />
        </svg>
        <span>an edge the adjoint has flowed back along</span>
      </li>
      <li>
        <span className="lg-badge" aria-hidden="true">
          2/4
        </span>
        <span>contributions received / times read</span>
      </li>
      <li className="tape-hint">
        Drag to pan · Ctrl + wheel or − + to zoom · click a node to select it{collapsible ? ', a step to open it' : ''}
      </li>
    </ul>
  );
});

/**
 * The graph's layout, with the chain's steps opened and closed on click. The chain's template
 * is used when it fits; any other tape gets dagre's layered layout, loaded on demand.
 */
function useGraphLayout(view: ShownView) {
  const steps = view.steps ?? 0;
  const collapsible = steps > COLLAPSE_ABOVE;
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  // Another number of steps closes every step.
  const [openFor, setOpenFor] = useState(steps);
  if (openFor !== steps) {
    setOpenFor(steps);
    setOpen((o) => (o.size === 0 ? o : new Set()));
  }
  // A long chain's layout (100,000 steps) is made in slices; while a new one is made for the same
  // tape (a step opened), the last one stays on screen.
  const sliced = useSliced(
    function* () {
      if (!view.step) return { view, layout: null };
      const isOpen = collapsible ? (t: number) => open.has(t) : () => true;
      return { view, layout: yield* chainLayoutSlices({ ...view, step: view.step, steps }, isOpen) };
    },
    [view, steps, collapsible, open],
    view.length > SLICE_ABOVE,
  );
  // Stable while `collapsible` does not change, so the memoized graph is not drawn again for them.
  const openStep = useCallback(
    (t: number) => {
      if (collapsible) setOpen((o) => (o.has(t) ? o : new Set(o).add(t)));
    },
    [collapsible],
  );
  const closeStep = useCallback(
    (t: number) =>
      setOpen((o) => {
        if (!o.has(t)) return o;
        const next = new Set(o);
        next.delete(t);
        return next;
      }),
    [],
  );
  const closeAll = useCallback(() => setOpen((o) => (o.size === 0 ? o : new Set())), []);
  const ofThisTape = sliced.value?.view === view ? sliced.value : null;
  const chain = ofThisTape?.layout ?? null;
  /** The chain's template does not fit this tape: dagre lays it out. */
  const notChain = sliced.current && ofThisTape !== null && ofThisTape.layout === null;
  const [layered, setLayered] = useState<{ view: ShownView; layout: GraphLayout } | null>(null);
  useEffect(() => {
    if (!notChain) return;
    let live = true;
    loadDagre().then((dagre) => {
      if (live) setLayered({ view, layout: layeredLayout(dagre, view) });
    });
    return () => {
      live = false;
    };
  }, [notChain, view]);
  return {
    value: chain ?? (layered?.view === view ? layered.layout : null),
    anyOpen: collapsible && open.size > 0,
    open: openStep,
    close: closeStep,
    closeAll,
  };
}
