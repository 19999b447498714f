import { useMemo } from 'react';
import type { NetworkWeights } from '../../../workers/tensor/protocol.ts';
import { networkLayout } from '../../ui/charts/networkLayout.ts';
import { useLessonView } from '../context.ts';

/**
 * The network's structure, 2 → H → 2, as the tensor section draws it (its layout,
 * app/ui/charts/networkLayout.ts), with every weight the same width: here only the layers
 * and their connections matter, not trained values. Each column is named with its size, and the
 * two weight matrices are named on the lines between them (one tensor node each on the tape).
 */
export function LayerDiagram({ hidden, width, height }: { hidden: number; width: number; height: number }) {
  const { figureFont } = useLessonView();
  const weights = useMemo<NetworkWeights>(
    () => ({
      hidden,
      w1: new Float64Array(2 * hidden).fill(1),
      b1: new Float64Array(hidden),
      w2: new Float64Array(2 * hidden).fill(1),
      b2: new Float64Array(2),
    }),
    [hidden],
  );
  // Room above for the layer names and below for the matrix names.
  const top = figureFont * 1.6;
  const bottom = figureFont * 1.6;
  const layout = useMemo(() => networkLayout(weights, width, height - top - bottom, hidden), [weights, width, height, top, bottom, hidden]);
  const column = (layer: 'input' | 'hidden' | 'output') => layout.nodes.find((n) => n.layer === layer)?.x ?? 0;
  const xs = { input: column('input'), hidden: column('hidden'), output: column('output') };
  return (
    <svg
      className="layer-diagram"
      width={width}
      height={height}
      role="img"
      aria-label={`The network: 2 inputs, ${hidden} hidden units, 2 outputs; ${4 * hidden} weights in two matrices, W1 (2 × ${hidden}) and W2 (${hidden} × 2).`}
      style={{ fontSize: figureFont }}
    >
      <g transform={`translate(0, ${top})`}>
        <g className="network-edges">
          {layout.edges.map((e) => (
            <line key={e.key} className="w-pos" x1={e.x1} y1={e.y1} x2={e.x2} y2={e.y2} strokeWidth={1} />
          ))}
        </g>
        <g className="network-nodes">
          {layout.nodes.map((n) => (
            <circle key={n.key} className={`node node-${n.layer}`} cx={n.x} cy={n.y} r={n.layer === 'hidden' ? 4 : 7} />
          ))}
        </g>
      </g>
      <text x={xs.input} y={figureFont} textAnchor="middle">
        2 in
      </text>
      <text x={xs.hidden} y={figureFont} textAnchor="middle">
        {hidden} hidden
      </text>
      <text x={xs.output} y={figureFont} textAnchor="middle">
        2 out
      </text>
      <text x={(xs.input + xs.hidden) / 2} y={height - figureFont * 0.3} textAnchor="middle">
        W1
      </text>
      <text x={(xs.hidden + xs.output) / 2} y={height - figureFont * 0.3} textAnchor="middle">
        W2
      </text>
    </svg>
  );
}
