import type { TapeView } from '../../../engine/tape-view.ts';
import { useSize } from '../../ui/charts/useSize.ts';
import type { TapeFrame } from '../../sections/tape/model.ts';
import { opName, short, v } from '../../sections/tape/labels.ts';
import { useLessonView } from '../context.ts';
import { smallGraphLayout } from './graphLayout.ts';

const SYMBOL: Record<string, string> = {
  add: '+',
  sub: '−',
  mul: '×',
  div: '÷',
  neg: '−( )',
  square: '( )²',
  log: 'ln',
  sqrt: '√',
};

/** A node's operation as a reader would write it: 'x', '×', 'sin', '( )²'. */
export function nodeSymbol(view: Pick<TapeView, 'op' | 'opNames' | 'name'>, i: number): string {
  const name = opName(view, i);
  if (name === 'input' || name === 'const') return view.name[i] || name;
  return SYMBOL[name] ?? name;
}

interface ExprGraphProps {
  view: TapeView;
  tf: TapeFrame;
  /** What the graph is of, for screen readers. */
  title: string;
  /** Show the local partials on the edges (the receipts). */
  receipts: boolean;
  height: number;
  /** Mark the node in play (false: a finished sweep, nothing in play). */
  highlight?: boolean;
}

/**
 * A small tape drawn large: each node with its operation, its value once recorded and its adjoint
 * once the sweep has reached it; each edge with its local partial. Every number is the worker's
 * (recorded values and partials, adjoints replayed from its sweep events).
 */
export function ExprGraph({ view, tf, title, receipts, height, highlight = true }: ExprGraphProps) {
  const { figureFont: font } = useLessonView();
  const [ref, size] = useSize<HTMLDivElement>({ width: 0, height });
  const width = size.width;
  const g = smallGraphLayout(view, width, height, font);
  const recorded = tf.frame.phase === 'record' ? tf.frame.recorded : view.length;
  const sweeping = tf.frame.phase === 'sweep' && highlight;
  const adj = tf.shown?.adjoint;
  const received = tf.shown?.received;
  const edges: { child: number; parent: number; slot: 0 | 1; partial: number }[] = [];
  for (let i = 0; i < view.length; i++) {
    if (view.parent0[i] >= 0) edges.push({ child: i, parent: view.parent0[i], slot: 0, partial: view.partial0[i] });
    if (view.parent1[i] >= 0) edges.push({ child: i, parent: view.parent1[i], slot: 1, partial: view.partial1[i] });
  }
  const hw = g.boxWidth / 2;
  const hh = g.boxHeight / 2;
  return (
    <div ref={ref} className="expr-graph" style={{ height }}>
      {width > 0 ? (
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} style={{ fontSize: font }}>
          {edges.map((e) => {
            if (e.child >= recorded) return null;
            const x1 = g.x[e.parent] + hw;
            const y1 = g.y[e.parent];
            const x2 = g.x[e.child] - hw;
            const y2 = g.y[e.child] + (e.slot === 0 ? -0.18 : 0.18) * g.boxHeight;
            const swept = tf.swept[2 * e.child + e.slot] === 1;
            const current = tf.edge === 2 * e.child + e.slot && sweeping;
            return (
              <g key={`${e.child}-${e.slot}`} className={`ln-edge${swept ? ' swept' : ''}${current ? ' current' : ''}`}>
                <line x1={x1} y1={y1} x2={x2} y2={y2} />
                {receipts ? (
                  <text x={x1 + (x2 - x1) * (e.slot === 0 ? 0.5 : 0.75)} y={y1 + (y2 - y1) * (e.slot === 0 ? 0.5 : 0.75) - 6} textAnchor="middle" className="ln-partial">
                    {`∂ ${short(e.partial)}`}
                  </text>
                ) : null}
              </g>
            );
          })}
          {Array.from({ length: view.length }, (_, i) => {
            const on = i < recorded;
            const justRecorded = tf.frame.phase === 'record' && tf.frame.node === i;
            const inPlay = sweeping && (tf.node === i || tf.parent === i);
            const adjoint = tf.frame.phase === 'sweep' && adj && received && (received[i] > 0 || i === view.output) ? adj[i] : null;
            const fanOut = view.uses[i] >= 2;
            return (
              <g
                key={i}
                className={`ln-node${on ? '' : ' pending'}${justRecorded ? ' recorded' : ''}${inPlay ? ' in-play' : ''}${tf.parent === i && sweeping ? ' receiving' : ''}`}
                transform={`translate(${g.x[i]},${g.y[i]})`}
              >
                <rect x={-hw} y={-hh} width={g.boxWidth} height={g.boxHeight} rx={8} />
                {i === view.output ? (
                  <text y={-hh - font * 0.4} textAnchor="middle" className="ln-op">
                    z
                  </text>
                ) : null}
                <text y={-hh + font * 1.05} textAnchor="middle" className="ln-op">
                  {`${v(i)}  ${nodeSymbol(view, i)}`}
                </text>
                {on ? (
                  <text y={-hh + font * 2.2} textAnchor="middle" className="ln-value">
                    {short(view.value[i])}
                  </text>
                ) : null}
                {adjoint !== null ? (
                  <text y={-hh + font * 3.35} textAnchor="middle" className="ln-adjoint">
                    {`v̄ ${short(adjoint)}${fanOut && received ? ` (${received[i]}/${view.uses[i]})` : ''}`}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      ) : null}
    </div>
  );
}
