import { useId, useMemo } from 'react';
import { useColorScheme } from '../../shell/theme/useColorScheme.ts';
import { useSize } from '../../ui/charts/useSize.ts';
import { useLab } from '../../state/store/index.ts';
import { AxisBottom, AxisLeft } from '../../ui/charts/Axes.tsx';
import { makeFrame } from '../../ui/charts/frame.ts';
import { DECISION_MARGIN, decisionLayout, decisionPixels } from './decisionLayout.ts';
import { gridDataUrl } from './gridImage.ts';

/** The plane coloured by the class the network predicts, its boundary P = ½, and the data points. */
export function DecisionMap() {
  const [ref, size] = useSize<HTMLDivElement>({ width: 360, height: 0 });
  return (
    <div ref={ref} className="decision-box">
      <DecisionPlot width={Math.max(160, size.width)} />
    </div>
  );
}

function DecisionPlot({ width }: { width: number }) {
  const snapshot = useLab((s) => s.trainSnapshot);
  const data = useLab((s) => s.trainData);
  const scheme = useColorScheme();
  const clipId = useId().replace(/:/g, '');
  const grid = snapshot?.grid ?? null;
  const m = DECISION_MARGIN;
  const layout = useMemo(() => (grid ? decisionLayout(grid, data, width - m.left - m.right) : null), [grid, data, width, m]);
  const href = useMemo(() => (grid ? gridDataUrl(decisionPixels(grid, scheme), grid.n) : ''), [grid, scheme]);
  if (!layout || !snapshot) {
    return (
      <div className="decision-empty" style={{ height: Math.round(width * 0.58) }}>
        The decision region appears once training starts.
      </div>
    );
  }
  const xs = layout.xTicks;
  const ys = layout.yTicks;
  const label =
    `Decision region after ${snapshot.step} steps: accuracy ${(100 * snapshot.accuracy).toFixed(1)} percent on ${data ? data.labels.length : 0} points; ` +
    `x₁ from ${xs[0]?.label ?? '?'} to ${xs.at(-1)?.label ?? '?'} across, x₂ from ${ys[0]?.label ?? '?'} to ${ys.at(-1)?.label ?? '?'} up.`;
  const frame = makeFrame(layout.width + m.left + m.right, layout.height + m.top + m.bottom, m);
  return (
    <svg className="decision-map chart" width={frame.width} height={frame.height} role="img" aria-label={label}>
      <defs>
        <clipPath id={clipId}>
          <rect x={1.5} y={1.5} width={layout.width - 3} height={layout.height - 3} />
        </clipPath>
      </defs>
      <g transform={`translate(${m.left},${m.top})`}>
        <image href={href} x={0} y={0} width={layout.width} height={layout.height} preserveAspectRatio="none" />
        <path className="decision-boundary" d={layout.boundary} clipPath={`url(#${clipId})`} />
        <g className="decision-points">
          {layout.points.map((p, i) =>
            p.label === 0 ? (
              <circle key={i} className="pt pt-0" cx={p.x} cy={p.y} r={3.6} />
            ) : (
              <rect key={i} className="pt pt-1" x={p.x - 3.4} y={p.y - 3.4} width={6.8} height={6.8} />
            ),
          )}
        </g>
        <rect className="decision-frame" x={0.5} y={0.5} width={layout.width - 1} height={layout.height - 1} />
        <AxisBottom frame={frame} ticks={xs} label="x₁" grid={false} />
        <AxisLeft frame={frame} ticks={ys} label="x₂" grid={false} />
      </g>
    </svg>
  );
}
