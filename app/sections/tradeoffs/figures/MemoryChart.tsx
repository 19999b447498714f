import { memo, useMemo } from 'react';
import { AxisBottom, AxisLeft } from '../../../ui/charts/Axes.tsx';
import { Chart } from '../../../ui/charts/Chart.tsx';
import { MARGIN, makeFrame } from '../../../ui/charts/frame.ts';
import { formatBytes } from '../../../ui/format.ts';
import { memoryLayout } from './memoryLayout.ts';

interface MemoryChartProps {
  /** Bytes held at each moment (0 … 2T), saving and recomputing. */
  saved: ArrayLike<number>;
  recomputed: ArrayLike<number>;
  /** Which is in use (drawn bold). */
  useSaved: boolean;
  width: number;
  height: number;
}

/** Bytes held over the run, forward pass then sweep, saving against recomputing. Props in, SVG out. */
export const MemoryChart = memo(function MemoryChart({ saved, recomputed, useSaved, width, height }: MemoryChartProps) {
  const frame = useMemo(() => makeFrame(width, height, { ...MARGIN, left: 66, right: 12 }), [width, height]);
  const layout = useMemo(() => memoryLayout(saved, recomputed, frame), [saved, recomputed, frame]);
  const peak = (v: ArrayLike<number>) => Math.max(0, ...Array.from(v));
  return (
    <Chart
      frame={frame}
      className="tradeoffs-memory"
      title={`Bytes held during the run: saving peaks at ${formatBytes(peak(saved))}, recomputing at ${formatBytes(peak(recomputed))}.`}
    >
      <AxisLeft frame={frame} ticks={layout.yTicks} label="bytes held (log)" />
      <AxisBottom frame={frame} ticks={layout.xTicks} label="moment of the run (forward steps, then sweep)" />
      <line className="marker-line" x1={layout.sweepX} x2={layout.sweepX} y1={0} y2={frame.innerHeight} />
      <text className="band-label" x={layout.sweepX - 6} y={14} textAnchor="end">
        forward
      </text>
      <text className="band-label" x={layout.sweepX + 6} y={14}>
        sweep
      </text>
      <path className={`mark-reverse-line${useSaved ? '' : ' faded'}`} d={layout.savedPath} />
      <path className={`mark-checkpoint-line${useSaved ? ' faded' : ''}`} d={layout.recomputedPath} />
    </Chart>
  );
});
