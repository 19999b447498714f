import { memo, useMemo } from 'react';
import './series.css';
import { AxisBottom, AxisLeft } from './Axes.tsx';
import { Chart } from './Chart.tsx';
import { MARGIN, makeFrame } from './frame.ts';
import { seriesLayout, type Series, type SeriesScales } from './seriesLayout.ts';

interface SeriesChartProps extends SeriesScales {
  series: readonly Series[];
  /** What the chart shows, for screen readers. */
  title: string;
  xLabel: string;
  yLabel: string;
  width: number;
  height: number;
  className?: string;
}

/** Lines and dots over shared axes (seriesLayout places them). Props in, SVG out. */
export const SeriesChart = memo(function SeriesChart({ series, title, xLabel, yLabel, width, height, className, xLog, yLog, yZero }: SeriesChartProps) {
  const frame = useMemo(() => makeFrame(width, height, { ...MARGIN, left: 64, right: 12 }), [width, height]);
  // The scales are three booleans, each a dependency, so a new props object does not lay out again.
  const layout = useMemo(() => seriesLayout(series, frame, { xLog, yLog, yZero }), [series, frame, xLog, yLog, yZero]);
  return (
    <Chart frame={frame} title={title} className={className}>
      <AxisLeft frame={frame} ticks={layout.yTicks} label={yLabel} />
      <AxisBottom frame={frame} ticks={layout.xTicks} label={xLabel} />
      {layout.series.map((s, k) => (
        <g key={k} className={s.className}>
          {s.path ? <path className="series-line" d={s.path} /> : null}
          {s.dots.map((d, i) => (
            <circle key={i} className="series-dot" cx={d.x} cy={d.y} r={2.6} />
          ))}
        </g>
      ))}
    </Chart>
  );
});
