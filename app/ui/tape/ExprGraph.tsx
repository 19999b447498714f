import dagre from '@dagrejs/dagre';
import { useCallback, useId, useMemo } from 'react';
import type { TapeView } from '../../../engine/tape-view.ts';
import { useSize } from '../charts/useSize.ts';
import { layeredGraph } from '../graph/layered.ts';
import { graphMeasure } from '../graph/measure.ts';
import { GraphEdge, GraphMarkers, GraphNode } from '../graph/GraphParts.tsx';
import type { TapeFrame } from './model.ts';
import { short } from './labels.ts';
import { useFigureView } from '../teach/figureView.ts';
import { adjointLine, exprGraphLines, OUTPUT_NAME, opLine, partialLabel, receivedLine } from './exprGraphText.ts';
import './exprGraph.css';

export { nodeSymbol } from './exprGraphText.ts';

/** Below this width (CSS pixels) the graph runs top to bottom. */
export const NARROW_GRAPH = 600;

/** The smallest graph text in presentation mode, for the back row. */
export const PRESENT_GRAPH_FONT = 24;

export interface ExprGraphProps {
  view: TapeView;
  tf: TapeFrame;
  /** What the graph is of, for screen readers. */
  title: string;
  /**
   * Kept for the chapters that pass it. Every edge now carries its local partial once the tape
   * has recorded it, whatever this says.
   * @deprecated
   */
  receipts?: boolean;
  /** Draw the inputs in the tape's order (practice, whose answer fields list them so), even at the cost of a crossing. */
  inputsInOrder?: boolean;
  /** The height to give the graph; it takes more where its layout needs it (top to bottom on a phone). */
  height: number;
  /** Mark the node in play (false: a finished sweep, nothing in play). */
  highlight?: boolean;
  /**
   * Whether this graph will show a backward sweep (the default). A graph that only records its
   * tape (the chain chapter) leaves room for no adjoints: its boxes are smaller, so it keeps a larger text.
   */
  sweep?: boolean;
  /**
   * The least size its text may be drawn at (CSS pixels): a graph wider than its column shrinks
   * down to this, then scrolls sideways in its own box (practice keeps 16 px). Unset: it shrinks
   * to fit whatever the text becomes.
   */
  minFont?: number;
}

/**
 * A small tape drawn as a textbook draws it: layers from the inputs to z (left to right, or top
 * to bottom under 600 px), each node with its operation, its value once recorded and its adjoint
 * once the sweep has reached it; each edge an arrow carrying its local partial. Every number is
 * the worker's (recorded values and partials, adjoints replayed from its sweep events). The
 * layout is `layeredGraph`'s; this component only places it.
 */
export function ExprGraph({ view, tf, title, height, highlight = true, sweep = true, minFont, inputsInOrder = false }: ExprGraphProps) {
  const { figureFont, present } = useFigureView();
  const font = present ? Math.max(PRESENT_GRAPH_FONT, figureFont) : figureFont;
  const [ref, size] = useSize<HTMLDivElement>({ width: 0, height });
  const width = size.width;
  const preferred = width > 0 && width < NARROW_GRAPH ? 'TB' : 'LR';
  const text = useMemo(() => exprGraphLines(view, sweep), [view, sweep]);
  const layout = useCallback(
    (direction: 'LR' | 'TB') =>
      layeredGraph(dagre, view, {
        direction,
        font,
        nodeLines: text.nodeLines,
        edgeLabel: text.edgeLabel,
        measure: graphMeasure(font),
        // The partials on the edges are drawn at the regular weight (exprGraph.css).
        measureLabel: graphMeasure(font, 400),
        inputsInOrder,
      }),
    [view, font, text, inputsInOrder],
  );
  const wide = useMemo(() => layout(preferred), [layout, preferred]);
  // Left to right would scroll sideways even at the least text size (practice's longer chains on
  // a laptop): top to bottom, if that fits, shows the whole graph instead.
  const scrollsAtLeast = minFont !== undefined && width > 0 && preferred === 'LR' && (wide.width * minFont) / font > width + 1;
  const tall = useMemo(() => (scrollsAtLeast ? layout('TB') : null), [layout, scrollsAtLeast]);
  const g = tall && (tall.width * minFont!) / font <= width + 1 ? tall : wide;
  const id = useId();
  // Shrink to the width if the layout is wider (never grow: the text stays at its size).
  const scale = width > 0 ? Math.min(1, Math.max(width / g.width, minFont === undefined ? 0 : minFont / font)) : 1;
  const drawnWidth = g.width * scale;
  const drawnHeight = g.height * scale;
  const boxHeight = Math.max(height, Math.ceil(drawnHeight));

  const recorded = tf.frame.phase === 'record' ? tf.frame.recorded : view.length;
  const sweeping = tf.frame.phase === 'sweep' && highlight;
  const adj = tf.shown?.adjoint;
  const received = tf.shown?.received;
  // Wider than its box at its smallest readable size: it scrolls sideways, so the keyboard can reach
  // it (Tab, then the arrow keys), and a screen reader hears what the region is.
  const scrolls = drawnWidth > width + 1;
  return (
    <div
      ref={ref}
      className="xgraph"
      style={{ height: boxHeight, overflowX: scrolls ? 'auto' : undefined }}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'The graph, wider than its box: scroll it sideways' } : {})}
      data-direction={g.direction}
      data-font={font * scale}
    >
      {width > 0 ? (
        <svg
          width={drawnWidth}
          height={drawnHeight}
          viewBox={`0 0 ${g.width} ${g.height}`}
          role="img"
          aria-label={title}
          style={{ fontSize: font, left: Math.max(0, (width - drawnWidth) / 2), top: (boxHeight - drawnHeight) / 2 }}
        >
          <GraphMarkers id={id} size={g.arrow} />
          {g.edges.map((e) => {
            if (e.child >= recorded) return null;
            const swept = tf.swept[e.key] === 1;
            const current = tf.edge === e.key && sweeping;
            const partial = e.slot === 0 ? view.partial0[e.child] : view.partial1[e.child];
            return (
              <GraphEdge
                key={e.key}
                edge={e}
                direction={g.direction}
                markerId={id}
                arrow={g.arrow}
                state={current ? 'current' : swept ? 'swept' : 'plain'}
                label={e.label ? partialLabel(partial) : null}
              />
            );
          })}
          {g.nodes.map((n) => {
            const i = n.id;
            const on = i < recorded;
            const justRecorded = tf.frame.phase === 'record' && tf.frame.node === i;
            const inPlay = sweeping && (tf.node === i || tf.parent === i);
            const showAdjoint = tf.frame.phase === 'sweep' && adj && received && (received[i] > 0 || i === view.output);
            const lines: { text: string; kind: string }[] = [];
            if (i === view.output) lines.push({ text: OUTPUT_NAME, kind: 'name' });
            lines.push({ text: opLine(view, i), kind: 'op' });
            lines.push({ text: on ? short(view.value[i]) : '', kind: 'value' });
            if (sweep) lines.push({ text: showAdjoint ? adjointLine(adj[i]) : '', kind: 'adjoint' });
            if (sweep && view.uses[i] >= 2) lines.push({ text: showAdjoint ? receivedLine(received[i], view.uses[i]) : '', kind: 'received' });
            const state = [on ? '' : 'pending', justRecorded ? 'recorded' : '', inPlay ? 'in-play' : '', tf.parent === i && sweeping ? 'receiving' : '']
              .filter(Boolean)
              .join(' ');
            return <GraphNode key={i} node={n} graph={g} lines={lines} state={state} />;
          })}
        </svg>
      ) : null}
    </div>
  );
}
