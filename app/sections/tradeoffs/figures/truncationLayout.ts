import { line, scaleLinear, scaleLog } from 'd3';
import { decadeDomain, positive } from '../../../ui/charts/domain.ts';
import type { Frame } from '../../../ui/charts/frame.ts';
import { linearTicks, logTicks, type Tick } from '../../../ui/charts/ticks.ts';

/** dL/da_t and dL/db_t. */
export interface Pair {
  a: ArrayLike<number>;
  b: ArrayLike<number>;
}

/** |g_t| = √(a_t² + b_t²): the size of step t's share of the gradient. */
export function stepMagnitudes(g: Pair): Float64Array {
  const out = new Float64Array(g.a.length);
  for (let t = 0; t < out.length; t++) out[t] = Math.hypot(g.a[t], g.b[t]);
  return out;
}

export interface GradientLayout {
  /** The full gradient's |g_t| as a line over t. */
  fullPath: string;
  /** One dot per step the truncated sweep reached (t ≥ T−K), at its |g_t|. */
  kept: { x: number; y: number; t: number }[];
  /** The band of steps the sweep never reached (t < T−K), in pixels; width 0 when K = T. */
  stopped: { x0: number; x1: number };
  /** Where the sweep stops: x of t = T−K − ½. */
  cutX: number;
  xTicks: Tick[];
  yTicks: Tick[];
}

/**
 * The full gradient against the truncated one, step by step: |g_t| on a log axis (the adjoint's
 * vanishing or growth shows as a slope), the stopped steps shaded, where the truncated gradient is 0.
 */
export function gradientLayout(full: Pair, window: number, frame: Frame): GradientLayout {
  const T = full.a.length;
  const m = stepMagnitudes(full);
  const x = scaleLinear()
    .domain([-0.5, T - 0.5])
    .range([0, frame.innerWidth]);
  const y = scaleLog()
    .domain(decadeDomain([m], { minDecades: 2 }))
    .range([frame.innerHeight, 0])
    .clamp(true);
  const indices = Array.from({ length: T }, (_, t) => t).filter((t) => positive(m[t]));
  const fullPath =
    line<number>()
      .x((t) => x(t))
      .y((t) => y(m[t]))(indices) ?? '';
  const start = T - window;
  const cutX = x(start - 0.5);
  return {
    fullPath,
    kept: indices.filter((t) => t >= start).map((t) => ({ x: x(t), y: y(m[t]), t })),
    stopped: { x0: 0, x1: cutX },
    cutX,
    xTicks: linearTicks(x, Math.max(2, Math.floor(frame.innerWidth / 70)), (v) => String(v)).filter((t) => Number.isInteger(t.value)),
    yTicks: logTicks(y, Math.max(2, Math.floor(frame.innerHeight / 30))),
  };
}

export interface CurveLayout {
  /** ‖g_K − g‖/‖g‖ over K (K = T, where it is 0, left off the log axis). */
  path: string;
  /** The window on screen. */
  marker: { x: number; y: number; value: number } | null;
  /** x of the window on screen (also when its error is 0 and has no point). */
  markerX: number;
  xTicks: Tick[];
  yTicks: Tick[];
}

/** The relative error of the truncated gradient for every window K, on a log axis. */
export function curveLayout(curve: readonly { window: number; relativeError: number }[], window: number, frame: Frame): CurveLayout {
  const T = curve.length - 1;
  const x = scaleLinear()
    .domain([0, Math.max(1, T)])
    .range([0, frame.innerWidth]);
  const values = curve.map((p) => p.relativeError);
  const y = scaleLog()
    .domain(decadeDomain([values], { minDecades: 2, ceiling: 1 }))
    .range([frame.innerHeight, 0])
    .clamp(true);
  const drawn = curve.filter((p) => positive(p.relativeError));
  const path =
    line<{ window: number; relativeError: number }>()
      .x((p) => x(p.window))
      .y((p) => y(p.relativeError))(drawn) ?? '';
  const here = curve[Math.min(Math.max(0, window), T)];
  return {
    path,
    marker: here && positive(here.relativeError) ? { x: x(here.window), y: y(here.relativeError), value: here.relativeError } : null,
    markerX: x(window),
    xTicks: linearTicks(x, Math.max(2, Math.floor(frame.innerWidth / 70)), (v) => String(v)).filter((t) => Number.isInteger(t.value)),
    yTicks: logTicks(y, Math.max(2, Math.floor(frame.innerHeight / 30))),
  };
}
