import { useMemo } from 'react';
import { Legend } from '../../ui/charts/Legend.tsx';
import { useSize } from '../../ui/charts/useSize.ts';
import { useLab } from '../../state/store/index.ts';
import { networkDescription, networkLayout } from '../../ui/charts/networkLayout.ts';

const HEIGHT = 250;

/** The network 2 → H → 2 with its weights as lines, redrawn at every report of the run. */
export function NetworkDiagram() {
  const [ref, size] = useSize<HTMLDivElement>({ width: 300, height: 0 });
  return (
    <div ref={ref} className="network-box">
      <NetworkPlot width={Math.max(200, Math.min(420, size.width))} />
    </div>
  );
}

function NetworkPlot({ width }: { width: number }) {
  const weights = useLab((s) => s.trainSnapshot?.weights ?? null);
  const step = useLab((s) => s.trainSnapshot?.step ?? 0);
  const layout = useMemo(() => (weights ? networkLayout(weights, width, HEIGHT) : null), [weights, width]);
  if (!layout) {
    return (
      <div className="decision-empty" style={{ height: HEIGHT }}>
        The network appears once training starts.
      </div>
    );
  }
  const label = `${networkDescription(layout)} After ${step} steps.`;
  const inputs = layout.nodes.filter((n) => n.layer === 'input');
  const outputs = layout.nodes.filter((n) => n.layer === 'output');
  return (
    <div className="network-body">
      <div>
        <svg className="network-diagram" width={layout.width} height={layout.height} role="img" aria-label={label}>
          <g className="network-edges">
            {layout.edges.map((e) => (
              <line
                key={e.key}
                className={e.weight > 0 ? 'w-pos' : 'w-neg'}
                data-weight={e.weight}
                x1={e.x1}
                y1={e.y1}
                x2={e.x2}
                y2={e.y2}
                strokeWidth={e.width}
              />
            ))}
          </g>
          <g className="network-nodes">
            {layout.nodes.map((n) => (
              <circle key={n.key} className={`node node-${n.layer}`} cx={n.x} cy={n.y} r={n.layer === 'hidden' ? 4.5 : 7} />
            ))}
            {inputs.map((n) => (
              <text key={`t${n.key}`} x={n.x - 12} y={n.y} dy="0.32em" textAnchor="end">
                {n.index === 0 ? 'x₁' : 'x₂'}
              </text>
            ))}
            {outputs.map((n) => (
              <text key={`t${n.key}`} x={n.x + 12} y={n.y} dy="0.32em">
                class {n.index}
              </text>
            ))}
          </g>
        </svg>
        <Legend
          items={[
            { className: 'w-pos', label: 'positive weight' },
            { className: 'w-neg', label: 'negative weight' },
          ]}
        />
      </div>
      <p className="network-note">
        Each line is a weight: the number a value is multiplied by on its way to the next column. The middle column
        holds the hidden units; each adds up what reaches it and keeps the sum if it is positive. A line’s width is its
        weight’s size (the largest now: {layout.maxAbs.toPrecision(3)}); the bias each unit adds is not drawn.
        {layout.shown.length < layout.hidden
          ? ` Only the ${layout.shown.length} hidden units with the largest weights are drawn, of ${layout.hidden}: more lines could not be told apart.`
          : ''}
      </p>
    </div>
  );
}
