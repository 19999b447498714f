import { memo, useMemo } from 'react';
import { AxisBottom, AxisLeft } from '../../../ui/charts/Axes.tsx';
import { Chart } from '../../../ui/charts/Chart.tsx';
import { MARGIN, makeFrame } from '../../../ui/charts/frame.ts';
import { sub } from '../../../ui/subscript.ts';
import { curveLayout, gradientLayout, type Pair } from './truncationLayout.ts';

interface GradientProps {
  /** The full gradient g. */
  full: Pair;
  /** K: steps T−K … T−1 are differentiated. */
  window: number;
  width: number;
  height: number;
}

/**
 * The full gradient and the truncated one step by step: |∂L/∂(a_t, b_t)| on a log axis, the
 * steps the stopped sweep never reached shaded (their truncated gradient is 0), the ones it
 * reached as dots (exactly the full gradient there). Props in, SVG out.
 */
export const TruncatedGradientChart = memo(function TruncatedGradientChart({ full, window, width, height }: GradientProps) {
  const frame = useMemo(() => makeFrame(width, height, { ...MARGIN, right: 12 }), [width, height]);
  const layout = useMemo(() => gradientLayout(full, window, frame), [full, window, frame]);
  const T = full.a.length;
  return (
    <Chart
      frame={frame}
      className="tradeoffs-gradient"
      title={`Size of each step's gradient, full and truncated: the sweep stops at x${sub(T - window)}, so steps 0 to ${T - window - 1} get 0.`}
    >
      {layout.stopped.x1 > 0 ? (
        <rect className="stopped-band" x={0} y={0} width={layout.stopped.x1} height={frame.innerHeight} />
      ) : null}
      <AxisLeft frame={frame} ticks={layout.yTicks} label="|∂L/∂(aₜ, bₜ)| (log)" />
      <AxisBottom frame={frame} ticks={layout.xTicks} label="step t" />
      <path className="mark-full-line" d={layout.fullPath} />
      {layout.kept.map((d) => (
        <circle key={d.t} className="mark-reverse-dot" cx={d.x} cy={d.y} r={3} />
      ))}
      <line className="cut-line" x1={layout.cutX} x2={layout.cutX} y1={0} y2={frame.innerHeight} />
      {layout.stopped.x1 > 60 ? (
        <text className="band-label" x={layout.stopped.x1 / 2} y={16} textAnchor="middle">
          stopped: 0
        </text>
      ) : null}
    </Chart>
  );
});

interface CurveProps {
  curve: readonly { window: number; relativeError: number }[];
  window: number;
  width: number;
  height: number;
}

/** ‖g_K − g‖/‖g‖ for every window K, on a log axis, the window on screen marked. Props in, SVG out. */
export const TruncationCurveChart = memo(function TruncationCurveChart({ curve, window, width, height }: CurveProps) {
  const frame = useMemo(() => makeFrame(width, height, { ...MARGIN, right: 12 }), [width, height]);
  const layout = useMemo(() => curveLayout(curve, window, frame), [curve, window, frame]);
  const here = curve[window]?.relativeError;
  return (
    <Chart
      frame={frame}
      className="tradeoffs-curve"
      title={`Relative error of the truncated gradient for every window K from 0 to ${curve.length - 1}; at K = ${window} it is ${here === undefined ? 'unknown' : here.toPrecision(3)}.`}
    >
      <AxisLeft frame={frame} ticks={layout.yTicks} label="‖g_K − g‖ / ‖g‖ (log)" />
      <AxisBottom frame={frame} ticks={layout.xTicks} label="window K (steps differentiated)" />
      <path className="mark-reverse-line" d={layout.path} />
      <line className="marker-line" x1={layout.markerX} x2={layout.markerX} y1={0} y2={frame.innerHeight} />
      {layout.marker ? <circle className="mark-best" cx={layout.marker.x} cy={layout.marker.y} r={5} /> : null}
      {layout.marker ? null : (
        <text className="band-label" x={Math.max(30, layout.markerX - 6)} y={16} textAnchor="end">
          error 0: the whole chain
        </text>
      )}
    </Chart>
  );
});
