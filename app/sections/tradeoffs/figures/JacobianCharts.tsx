import { scaleLinear } from 'd3';
import { memo, useMemo } from 'react';
import { AxisBottom, AxisLeft } from '../../../ui/charts/Axes.tsx';
import { Chart } from '../../../ui/charts/Chart.tsx';
import { MARGIN, makeFrame } from '../../../ui/charts/frame.ts';
import { sub } from '../../../ui/subscript.ts';
import { HeatImage } from '../../../ui/charts/HeatImage.tsx';
import { HEAT_RAMPS } from '../../../ui/charts/heatmap.ts';
import { linearTicks } from '../../../ui/charts/ticks.ts';
import { formatPowerOfTen } from '../../../ui/format.ts';
import { costLayout, inputLabel, jacobianHeat, type CostMetric, type CostPoint, type Row } from '../../../ui/charts/jacobianLayout.ts';

interface HeatProps {
  rows: readonly Row[];
  /** The names of the inputs, in order: the first N of x0, c, a0, b0, … */
  inputs: readonly string[];
  scheme: 'light' | 'dark';
  width: number;
  height: number;
}

/** The Jacobian of the last M states over the first N inputs as a heat map: a state per row, an input per column. Props in, SVG out. */
export const JacobianHeatmap = memo(function JacobianHeatmap({ rows, inputs, scheme, width, height }: HeatProps) {
  const strip = useMemo(() => jacobianHeat(rows, inputs, HEAT_RAMPS[scheme]), [rows, inputs, scheme]);
  const frame = makeFrame(width, height, { ...MARGIN, right: 12 });
  const N = inputs.length;
  const M = rows.length;
  const x = scaleLinear().domain([-0.5, N - 0.5]).range([0, frame.innerWidth]);
  const y = scaleLinear().domain([-0.5, M - 0.5]).range([0, frame.innerHeight]);
  const xTicks = linearTicks(x, Math.max(1, Math.floor(frame.innerWidth / 60)), String)
    .filter((t) => Number.isInteger(t.value) && t.value >= 0 && t.value < N)
    .map((t) => ({ ...t, label: inputLabel(inputs[t.value]) }));
  const yTicks = linearTicks(y, Math.max(1, Math.floor(frame.innerHeight / 26)), String)
    .filter((t) => Number.isInteger(t.value) && t.value >= 0 && t.value < M)
    .map((t) => ({ ...t, label: `x${sub(rows[t.value].state)}` }));
  const [lo, hi] = strip.decades;
  const named = inputs.slice(0, 4).map(inputLabel).join(', ') + (N > 4 ? ', …' : '');
  return (
    <Chart
      frame={frame}
      className="tradeoffs-heat"
      title={`Jacobian of the last ${M} states with respect to ${N === 1 ? 'the one input' : `the first ${N} inputs`} (${named}), coloured by magnitude from ${formatPowerOfTen(10 ** lo)} to ${formatPowerOfTen(10 ** hi)}; blank where a later step cannot move an earlier state.`}
    >
      <rect className="heat-bg" width={frame.innerWidth} height={frame.innerHeight} />
      <HeatImage strip={strip} width={frame.innerWidth} height={frame.innerHeight} />
      <AxisLeft frame={frame} ticks={yTicks} label="output state" grid={false} />
      <AxisBottom frame={frame} ticks={xTicks} label="input (x₀, c, then aₜ, bₜ step by step)" grid={false} />
    </Chart>
  );
});

interface CostProps {
  points: readonly CostPoint[];
  outputs: number;
  steps: number;
  metric: CostMetric;
  crossover: number | null;
  /** The measured times spread too widely to tell where the lines cross (the title says so). */
  crossoverNoisy?: boolean;
  width: number;
  height: number;
}

/** Forward and reverse mode's cost of the Jacobian against M, the M on screen and the crossover marked. Props in, SVG out. */
export const JacobianCostChart = memo(function JacobianCostChart({ points, outputs, steps, metric, crossover, crossoverNoisy = false, width, height }: CostProps) {
  const frame = useMemo(() => makeFrame(width, height, { ...MARGIN, right: 12 }), [width, height]);
  const layout = useMemo(
    () => costLayout(points, outputs, steps, metric, crossover, frame),
    [points, outputs, steps, metric, crossover, frame],
  );
  const what = metric === 'work' ? 'passes, counted' : 'microseconds, measured';
  return (
    <Chart
      frame={frame}
      className={`tradeoffs-cost ${metric}`}
      title={`Cost of the Jacobian in ${what}, forward and reverse mode, for M from 1 to ${steps}; ${crossoverNoisy ? 'where forward mode starts to cost less is too noisy to tell' : crossover === null ? 'forward mode never costs less here' : `forward mode costs less from M = ${crossover}`}.`}
    >
      <AxisLeft frame={frame} ticks={layout.yTicks} label={metric === 'work' ? 'work (passes)' : 'time per call (µs, log)'} />
      <AxisBottom frame={frame} ticks={layout.xTicks} label="output states M" />
      <line className="marker-line" x1={layout.markerX} x2={layout.markerX} y1={0} y2={frame.innerHeight} />
      {layout.crossoverX !== null ? (
        <g>
          <line className="crossover-line" x1={layout.crossoverX} x2={layout.crossoverX} y1={0} y2={frame.innerHeight} />
          <text className="band-label" x={layout.crossoverX + 4} y={28}>
            forward wins from here
          </text>
        </g>
      ) : null}
      <path className="mark-forward-line" d={layout.forwardPath} />
      <path className="mark-reverse-line" d={layout.reversePath} />
      {layout.forwardDots.map((d, i) => (
        <circle key={`f${i}`} className="mark-forward-dot" cx={d.x} cy={d.y} r={2.6} />
      ))}
      {layout.reverseDots.map((d, i) => (
        <circle key={`r${i}`} className="mark-reverse-dot" cx={d.x} cy={d.y} r={2.6} />
      ))}
    </Chart>
  );
});
