import { scaleLinear } from 'd3';
import { memo, useId, useMemo, useRef } from 'react';
import { AxisBottom, AxisLeft } from '../../ui/charts/Axes.tsx';
import { Chart } from '../../ui/charts/Chart.tsx';
import { ChartNote } from '../../ui/charts/ChartNote.tsx';
import { nonFiniteNote } from '../../ui/charts/nonFinite.ts';
import { MARGIN, makeFrame } from '../../ui/charts/frame.ts';
import { HeatImage } from '../../ui/charts/HeatImage.tsx';
import { HEAT_RAMPS, tangentHeat } from '../../ui/charts/heatmap.ts';
import { linearTicks } from '../../ui/charts/ticks.ts';
import { useColorScheme } from '../../shell/theme/useColorScheme.ts';
import type { Size } from '../../ui/charts/useSize.ts';
import { formatPowerOfTen } from '../../ui/format.ts';
import { StepLayer } from '../linked/StepLayer.tsx';

const RAMP_WIDTH = 12;

/** The tangent table dx_t/dθ_j as a heat strip: state t across, direction j down. Memoised on its inputs. */
export const TangentChart = memo(function TangentChart({ tangents, steps, size }: { tangents: Float64Array; steps: number; size: Size }) {
  const scheme = useColorScheme();
  const gradientId = useId();
  // The last strip's pixels are written over (tangentHeat's `reuse`): HeatImage has copied them
  // to its canvas when the strip was committed, and nothing else reads them.
  const last = useRef<Uint8ClampedArray<ArrayBuffer> | undefined>(undefined);
  const strip = useMemo(() => {
    const made = tangentHeat(tangents, steps, HEAT_RAMPS[scheme], last.current);
    last.current = made.pixels;
    return made;
  }, [tangents, steps, scheme]);
  const frame = makeFrame(size.width, size.height, { ...MARGIN, right: 74 });
  const P = 2 * steps;
  const x = scaleLinear().domain([-0.5, steps + 0.5]).range([0, frame.innerWidth]);
  const y = scaleLinear().domain([-0.5, P - 0.5]).range([0, frame.innerHeight]);
  const xTicks = linearTicks(x, Math.floor(frame.innerWidth / 60), String).filter(
    (t) => Number.isInteger(t.value) && t.value >= 0 && t.value <= steps,
  );
  const yTicks = linearTicks(y, Math.floor(frame.innerHeight / 34), String).filter(
    (t) => Number.isInteger(t.value) && t.value >= 0 && t.value < P,
  );
  const ramp = HEAT_RAMPS[scheme];
  const missing = strip.nonFinite;
  const rampY = scaleLinear().domain(strip.decades).range([frame.innerHeight, 0]);
  const rampTicks = linearTicks(rampY, Math.max(2, Math.floor(frame.innerHeight / 32)), (e) =>
    formatPowerOfTen(10 ** e),
  ).filter((t) => Number.isInteger(t.value));
  return (
    <Chart
      frame={frame}
      controls={<StepLayer frame={frame} axis="x" from={-0.5} to={steps + 0.5} last={steps} what="the tangents of state t" />}
      title={[
        `Tangents dx_t/dθ_j for t = 0 to ${steps} and ${P} directions, coloured by magnitude`,
        nonFiniteNote(missing, 'entry', 'shown in red', 'entries'),
      ]
        .filter(Boolean)
        .join('. ')}
    >
      <rect className="heat-bg" width={frame.innerWidth} height={frame.innerHeight} />
      <HeatImage strip={strip} width={frame.innerWidth} height={frame.innerHeight} />
      <ChartNote frame={frame} text={nonFiniteNote(missing, 'entry', 'shown in red', 'entries')} />
      <AxisLeft frame={frame} ticks={yTicks} label="direction j of θ" grid={false} />
      <AxisBottom frame={frame} ticks={xTicks} label="state t" grid={false} />
      <text className="heat-note" x={frame.innerWidth * 0.04} y={frame.innerHeight * 0.93}>
        blank: θⱼ not used yet
      </text>
      <g transform={`translate(${frame.innerWidth + 10},0)`} aria-hidden="true">
        <defs>
          <linearGradient id={gradientId} x1="0" x2="0" y1="1" y2="0">
            <stop offset="0" stopColor={ramp[0]} />
            <stop offset="1" stopColor={ramp[1]} />
          </linearGradient>
        </defs>
        <rect width={RAMP_WIDTH} height={frame.innerHeight} fill={`url(#${gradientId})`} className="ramp" />
        {rampTicks.map((t, i) => (
          <text key={i} x={RAMP_WIDTH + 3} y={t.offset} dy="0.32em" className="ramp-label">
            {t.label}
          </text>
        ))}
        <text className="ramp-title" transform={`translate(${RAMP_WIDTH + 48},${frame.innerHeight / 2}) rotate(90)`} textAnchor="middle">
          colour: |∂xₜ/∂θⱼ|, log scale
        </text>
      </g>
    </Chart>
  );
});
