import { line, scaleLinear, scaleLog } from 'd3';
import type { SweepPoint } from '../../../engine/report.ts';
import { clampTo, decadeDomain, positive } from '../../ui/charts/domain.ts';
import type { Frame } from '../../ui/charts/frame.ts';
import { linearTicks, logTicks, type Tick } from '../../ui/charts/ticks.ts';

/** The epsilon axis always spans the slider's whole range, so the selected h is always on it. */
export const EPS_AXIS: [number, number] = [1e-16, 1];
/** The error axis covers at least these decades, so small moves of the data do not rescale it. */
const ERROR_FLOOR: [number, number] = [1e-14, 1];

export interface FdInputs {
  sweep: readonly SweepPoint[];
  /** The selected h and the RMS error there. */
  eps: number;
  rms: number;
  bestEps: number | null;
  predictedBestEps: number | null;
}

/**
 * The error axis of both finite-difference charts: whole decades around the sweep's RMS errors,
 * at least 1e-14 … 1. It depends on the sweep alone, so it holds still while the epsilon moves.
 */
export function errorDomain(sweep: readonly SweepPoint[]): [number, number] {
  return decadeDomain([sweep.map((p) => p.rms), ERROR_FLOOR], { floor: 1e-20, ceiling: 1e8 });
}

export interface PointMark {
  x: number;
  y: number;
  /** True when the value lay outside the axis and the mark sits on its edge. */
  clipped: boolean;
}

export interface SweepLayout {
  xTicks: Tick[];
  yTicks: Tick[];
  errorPath: string;
  sweepDots: { x: number; y: number; eps: number }[];
  truncationPath: string;
  roundingPath: string;
  selected: PointMark;
  best: PointMark | null;
  /** x of the model's optimum h*, or null. */
  predictedX: number | null;
  yDomain: [number, number];
}

/** The epsilon axis of the sweep chart: h → x, log scale over the slider's whole range. */
export function epsScale(frame: Frame) {
  return scaleLog().domain(EPS_AXIS).range([0, frame.innerWidth]);
}

/**
 * The finite-difference panel's main chart: RMS error against h on log–log axes, with the
 * truncation and rounding model lines, the selected h, the sweep's best h and the model's h*.
 * The error axis depends on the sweep alone, so dragging the epsilon moves only the marker.
 */
export function sweepLayout(input: FdInputs, frame: Frame): SweepLayout {
  const x = epsScale(frame);
  const yDomain = errorDomain(input.sweep);
  const y = scaleLog().domain(yDomain).range([frame.innerHeight, 0]);
  const path = (pick: (p: SweepPoint) => number) =>
    line<SweepPoint>()
      .defined((p) => positive(pick(p)))
      .x((p) => x(p.eps))
      .y((p) => y(pick(p)))([...input.sweep]) ?? '';
  const mark = (h: number, e: number): PointMark => {
    const inside = positive(e) && e >= yDomain[0] && e <= yDomain[1];
    const ey = positive(e) ? clampTo(e, yDomain) : e === 0 ? yDomain[0] : yDomain[1];
    return { x: x(clampTo(h, EPS_AXIS)), y: y(ey), clipped: !inside };
  };
  const best = input.sweep.find((p) => p.eps === input.bestEps);
  return {
    xTicks: logTicks(x, Math.max(2, Math.floor(frame.innerWidth / 48))),
    yTicks: logTicks(y, Math.max(2, Math.floor(frame.innerHeight / 26))),
    errorPath: path((p) => p.rms),
    sweepDots: input.sweep.filter((p) => positive(p.rms)).map((p) => ({ x: x(p.eps), y: y(p.rms), eps: p.eps })),
    truncationPath: path((p) => p.truncation),
    roundingPath: path((p) => p.rounding),
    selected: mark(input.eps, input.rms),
    best: best ? mark(best.eps, best.rms) : null,
    predictedX: input.predictedBestEps && positive(input.predictedBestEps) ? x(clampTo(input.predictedBestEps, EPS_AXIS)) : null,
    yDomain,
  };
}

export interface ParameterMark {
  t: number;
  x: number;
  y: number;
  /** The difference was exactly 0 (drawn on the axis floor). */
  zero: boolean;
}

export interface ParameterLayout {
  xTicks: Tick[];
  yTicks: Tick[];
  a: ParameterMark[];
  b: ParameterMark[];
}

/**
 * Per parameter, |finite difference − reverse| at the selected h against the step t it belongs
 * to, on the same error axis as the sweep so the two charts read together.
 */
export function parameterLayout(
  fd: { a: ArrayLike<number>; b: ArrayLike<number> },
  reverse: { a: ArrayLike<number>; b: ArrayLike<number> },
  yDomain: [number, number],
  frame: Frame,
): ParameterLayout {
  const T = fd.a.length;
  const x = scaleLinear().domain([0, Math.max(1, T - 1)]).range([0, frame.innerWidth]);
  const y = scaleLog().domain(yDomain).range([frame.innerHeight, 0]);
  const marks = (f: ArrayLike<number>, r: ArrayLike<number>): ParameterMark[] => {
    const out: ParameterMark[] = [];
    for (let t = 0; t < T; t++) {
      const d = Math.abs(f[t] - r[t]);
      if (Number.isNaN(d)) continue;
      const zero = d === 0;
      out.push({ t, x: x(t), y: y(zero ? yDomain[0] : clampTo(d, yDomain)), zero });
    }
    return out;
  };
  return {
    xTicks: linearTicks(x, Math.max(2, Math.floor(frame.innerWidth / 70)), String).filter((t) =>
      Number.isInteger(t.value),
    ),
    yTicks: logTicks(y, Math.max(2, Math.floor(frame.innerHeight / 22))),
    a: marks(fd.a, reverse.a),
    b: marks(fd.b, reverse.b),
  };
}
