import { memo, useEffect, useEffectEvent, useId, useLayoutEffect, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { useSize } from '../../ui/charts/useSize.ts';
import { BlockGlyph, EdgeLine, NodeGlyph } from './GraphParts.tsx';
import { drawnItems, drawWindow, focusPoint, type DrawWindow, type GraphLayout } from './layout.ts';
import { blockMark, currentEdges, edgeClass, nodeMark, type MarkContext } from './marks.ts';
import { useZoom } from './useZoom.ts';

/** The graph's box: as tall as the graph needs, between these (a 3-node tape gets a short box). */
const MAX_HEIGHT = 400;
const MIN_HEIGHT = 170;

/** The box height for a graph `graphHeight` tall at scale 1. */
export function graphBoxHeight(graphHeight: number): number {
  return Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, graphHeight + 24)));
}
const NOTHING = { nodes: [], blocks: [], edges: [] };

/** How long a pan to the node in play lasts (useZoom's reveal). */
const PAN_MS = 280;

/** What the marks depend on (MarkContext), and the graph's own inputs and callbacks. */
interface TapeGraphProps extends MarkContext {
  reducedMotion: boolean;
  /** The player is playing. */
  playing: boolean;
  /** The chain step pointed at in a figure above, highlighted here; null for none. */
  linkedStep: number | null;
  onHover: (node: number) => void;
  onSelect: (node: number) => void;
  onExpand: (step: number) => void;
  onCollapse: (step: number) => void;
  onCollapseAll: (() => void) | null;
}

/**
 * The computation graph: nodes in their layout, edges lit as values go forward and adjoints come back.
 * Drawn again only when its props change: not when the player's slider moves and the position the
 * graph follows (deferred) has not yet.
 */
export const TapeGraph = memo(function TapeGraph(props: TapeGraphProps) {
  const { statics, layout, tf, overwrite, selected, hovered } = props;
  const { view } = statics;
  const boxHeight = graphBoxHeight(layout.height);
  // Width 0 until measured: the SVG (and its zoom) start once the box has its real size.
  const [boxRef, size] = useSize<HTMLDivElement>({ width: 0, height: boxHeight });
  const ready = size.width > 0;
  const svgRef = useRef<SVGSVGElement | null>(null);
  const layerRef = useRef<SVGGElement | null>(null);
  // Only the part of the graph on screen (and a screen either side) is drawn, with text only
  // where it can be read: a long tape stays light to repaint at every step of the player.
  const [win, setWin] = useState<DrawWindow | null>(null);
  const zoom = useZoom(
    svgRef,
    layerRef,
    { width: size.width, height: boxHeight },
    !props.reducedMotion,
    ready,
    { width: layout.width, height: layout.height },
    (t) => setWin((w) => drawWindow(t, size.width, w)),
  );
  // Nothing is drawn until the view has its window (the zoom reports it as soon as it has
  // centred): a 100,000-step tape drawn whole would hold the page for seconds.
  const drawn = useMemo(() => (win ? drawnItems(layout, win) : NOTHING), [layout, win]);
  const detail = win?.detail ?? true;
  const markerId = useId().replace(/:/g, '');

  // A new layout (a new tape, a step opened or closed) keeps the node in play in view; the first
  // one is centred on it at a scale that shows the graph's full height. The node in play is read
  // as it is then: its own moves are followed below.
  const centred = useRef(false);
  const showLayout = useEffectEvent((layout: GraphLayout) => {
    const focus = selected >= 0 ? selected : tf.node >= 0 ? tf.node : view.output;
    const point = focusPoint(layout, focus) ?? { x: layout.width / 2, y: layout.height / 2 };
    if (!centred.current) {
      zoom.centre(point.x, layout.height / 2, Math.min(1, (graphBoxHeight(layout.height) - 8) / layout.height));
      centred.current = true;
    } else zoom.reveal(point.x, point.y);
  });
  useEffect(() => {
    if (ready) showLayout(layout);
  }, [layout, ready]);

  // The player moving, or a node picked here or in the table, brings that node into view.
  // A scrub or fast play moves it again before a pan could end: then the view jumps, one repaint
  // a move instead of a pan's every frame.
  const lastMove = useRef(-Infinity);
  const quick = useRef(false);
  /** The timer that takes the class `quick` off once the moves stop. */
  const calm = useRef(0);
  // Whether the player is playing is read at each move, not watched: play and pause are not moves.
  const movedTo = useEffectEvent(() => {
    const now = performance.now();
    quick.current = now - lastMove.current < PAN_MS;
    lastMove.current = now;
    // Quick moves that are not playback (a scrub, keys held down) also drop the boxes' fades and
    // the flash of a node receiving (class `quick`, set before the move is painted): neither
    // could finish before the next move, and the flash, a stroke's width, lays the graph out
    // again at every frame. PAN_MS after the last move the class goes, and the node receiving
    // then flashes once. Playback keeps both: it is there to be watched.
    // (The class is only written when it changes: a write restyles every box.)
    const layer = layerRef.current;
    if (!layer) return;
    const still = quick.current && !props.playing;
    layer.classList.toggle('quick', still);
    clearTimeout(calm.current);
    if (still) calm.current = window.setTimeout(() => layer.classList.remove('quick'), PAN_MS);
  });
  useLayoutEffect(() => movedTo(), [tf]);
  useEffect(() => () => clearTimeout(calm.current), []);
  // The layout is read as it is when these move, not watched: a new layout is handled above.
  const revealNode = useEffectEvent((node: number, margin?: number, animate?: boolean) => {
    const p = focusPoint(layout, node);
    if (p) zoom.reveal(p.x, p.y, margin, animate);
  });
  useEffect(() => {
    // Only when the node in play changes.
    if (ready && tf.node >= 0) revealNode(tf.node, undefined, !quick.current);
  }, [tf.node, ready]);
  useEffect(() => {
    // Only when the selection changes.
    if (ready && selected >= 0) revealNode(selected, 120);
  }, [selected, ready]);

  // A step pointed at in a figure above brings its column into view.
  const revealStep = useEffectEvent((step: number) => {
    const band = layout.bands.find((b) => b.step === step);
    const block = layout.blocks.find((b) => b.step === step);
    if (band) zoom.reveal(band.x + band.w / 2, layout.height / 2);
    else if (block) zoom.reveal(block.x + block.w / 2, block.y + block.h / 2);
  });
  useEffect(() => {
    if (ready && props.linkedStep !== null) revealStep(props.linkedStep);
  }, [props.linkedStep, ready]);

  const recording = tf.frame.phase === 'record';
  const marks: MarkContext = { statics, layout, tf, overwrite, selected, hovered };
  const inPlay = useMemo(() => currentEdges({ statics, layout, tf, overwrite, selected: -1, hovered: -1 }), [statics, layout, tf, overwrite]);

  const onClick = (event: ReactMouseEvent<SVGSVGElement>) => {
    const target = event.target as Element;
    const node = target.closest('[data-node]');
    if (node) return props.onSelect(Number(node.getAttribute('data-node')));
    const block = target.closest('[data-block]');
    if (block) return props.onExpand(layout.blocks[Number(block.getAttribute('data-block'))].step);
    const band = target.closest('[data-band]');
    if (band) return props.onCollapse(Number(band.getAttribute('data-band')));
  };
  const onPointerOver = (event: ReactMouseEvent<SVGSVGElement>) => {
    const node = (event.target as Element).closest('[data-node]');
    props.onHover(node ? Number(node.getAttribute('data-node')) : -1);
  };

  const fitAll = () => zoom.fit({ x: 0, y: 0, w: layout.width, h: layout.height });

  return (
    <div
      className="tape-graph"
      ref={boxRef}
      style={{ height: boxHeight }}
      tabIndex={0}
      role="group"
      aria-label="Computation graph. Space plays or pauses; the arrow keys step; Home and End jump."
    >
      {ready ? (
        <svg
          ref={svgRef}
          className={`tape-graph-svg in-${tf.frame.phase}`}
          width={size.width}
          height={boxHeight}
          role="img"
          aria-label={`Computation graph of the tape: ${view.length} nodes, ${layout.blocks.length ? `${layout.blocks.length} steps collapsed into boxes, ` : ''}${tf.node >= 0 ? `node ${tf.node} in play` : 'nothing recorded yet'}.`}
          onClick={onClick}
          onPointerOver={onPointerOver}
          onPointerLeave={() => props.onHover(-1)}
        >
          <defs>
            <marker id={`${markerId}-back`} viewBox="0 0 10 10" refX="2" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0L10,5L0,10z" className="g-arrow-back" />
            </marker>
            <marker id={`${markerId}-fwd`} viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto">
              <path d="M0,0L10,5L0,10z" className="g-arrow-fwd" />
            </marker>
          </defs>
          <g ref={layerRef}>
            {layout.railY !== null ? (
              <text className="g-rail-label" x={110} y={layout.railY - 8}>
                c is read by every step
              </text>
            ) : null}
            {layout.bands.map((b) => (
              <g
                key={`band${b.step}`}
                className={`g-band${b.collapsible ? ' collapsible' : ''}${b.step === props.linkedStep ? ' linked' : ''}`}
                data-band={b.collapsible ? b.step : undefined}
              >
                {b.step === props.linkedStep ? <rect className="g-linked" x={b.x} y={0} width={b.w} height={layout.height - 26} /> : null}
                <line x1={b.x} x2={b.x + b.w} y1={layout.height - 22} y2={layout.height - 22} />
                <text x={b.x + b.w / 2} y={layout.height - 8}>
                  {b.collapsible ? `step ${b.step}  − close` : `step t = ${b.step}`}
                </text>
              </g>
            ))}
            <g className="g-edges">
              {drawn.edges.map((i) => (
                <EdgeLine key={layout.edges[i].key} d={layout.edges[i].d} className={edgeClass(marks, i)} />
              ))}
            </g>
            <g className="g-current-edges">
              {inPlay.map(({ index }) => (
                <path
                  key={`cur${index}`}
                  className={`g-edge-current ${recording ? 'forward' : 'backward'}`}
                  d={layout.edges[index].d}
                  markerStart={recording ? undefined : `url(#${markerId}-back)`}
                  markerEnd={recording ? `url(#${markerId}-fwd)` : undefined}
                />
              ))}
            </g>
            {drawn.blocks.map((i) => {
              const b = layout.blocks[i];
              const mark = blockMark(marks, i);
              return (
                <BlockGlyph
                  key={`b${b.step}`}
                  index={i}
                  x={b.x}
                  y={b.y}
                  w={b.w}
                  h={b.h}
                  step={b.step}
                  nodes={b.last - b.first + 1}
                  detail={detail}
                  {...mark}
                  className={b.step === props.linkedStep ? `${mark.className} linked` : mark.className}
                />
              );
            })}
            {drawn.nodes.map((index) => {
              const n = layout.nodes[index];
              return <NodeGlyph key={n.id} id={n.id} x={n.x} y={n.y} detail={detail} {...nodeMark(marks, n.id)} />;
            })}
            <g className="g-edge-labels" aria-hidden="true">
              {inPlay.map(({ index, label }) => {
                const { x, y } = layout.edges[index].mid;
                const w = label.length * 7.4 + 12;
                return (
                  <g key={`lab${index}`} className={`g-edge-label ${recording ? 'forward' : 'backward'}`} transform={`translate(${x},${y})`}>
                    <rect x={-w / 2} y={-9} width={w} height={18} rx={9} />
                    <text y={4}>{label}</text>
                  </g>
                );
              })}
            </g>
          </g>
        </svg>
      ) : null}
      <div className="tape-graph-tools">
        <button type="button" onClick={() => zoom.zoomBy(1 / 1.4)} aria-label="Zoom out" title="Zoom out">
          −
        </button>
        <button type="button" onClick={() => zoom.zoomBy(1.4)} aria-label="Zoom in" title="Zoom in">
          +
        </button>
        <button type="button" onClick={fitAll} title="Show the whole graph">
          Fit
        </button>
        {props.onCollapseAll ? (
          <button type="button" onClick={props.onCollapseAll} title="Close every open step">
            Close steps
          </button>
        ) : null}
      </div>
    </div>
  );
});
