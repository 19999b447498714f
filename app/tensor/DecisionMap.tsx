import { useId, useMemo } from 'react';
import { useColorScheme } from '../charts/useColorScheme.ts';
import { useSize } from '../charts/useSize.ts';
import { useLab } from '../store/index.ts';
import { decisionLayout, decisionPixels } from './decisionLayout.ts';
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
  const layout = useMemo(() => (grid ? decisionLayout(grid, data, width) : null), [grid, data, width]);
  const href = useMemo(() => (grid ? gridDataUrl(decisionPixels(grid, scheme), grid.n) : ''), [grid, scheme]);
  if (!layout || !snapshot) {
    return (
      <div className="decision-empty" style={{ height: Math.round(width * 0.58) }}>
        The decision region appears once training starts.
      </div>
    );
  }
  const label = `Decision region after ${snapshot.step} steps: accuracy ${(100 * snapshot.accuracy).toFixed(1)} percent on ${
    data ? data.labels.length : 0
  } points.`;
  return (
    <svg className="decision-map" width={layout.width} height={layout.height} role="img" aria-label={label}>
      <defs>
        <clipPath id={clipId}>
          <rect x={1.5} y={1.5} width={layout.width - 3} height={layout.height - 3} />
        </clipPath>
      </defs>
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
    </svg>
  );
}
