import { line, scaleLinear, scaleLog } from 'd3';
import { decadeDomain } from './domain.ts';
import type { Frame } from './frame.ts';
import { heatColours, heatWord, magnitudes, type HeatStrip } from './heatmap.ts';
import { linearTicks, logTicks125, type Tick } from './ticks.ts';
import { sub } from '../subscript.ts';

/** One row of the Jacobian: ∂x_s over each of the N inputs (x_0, c, a_0, b_0, … in order). */
export interface Row {
  state: number;
  values: ArrayLike<number>;
}

/**
 * The M × N Jacobian as pixels, one per entry: row i is state T−M+1+i (top to bottom), column j
 * the j-th input of `inputs` (x_0, c, a_0, b_0, a_1, …), so the map follows the inputs lever N.
 * Coloured by log10 |entry| over at most HEAT_DECADES decades; zeros (a_t, b_t with t ≥ s: a
 * later step cannot move an earlier state) stay transparent.
 */
export function jacobianHeat(rows: readonly Row[], inputs: readonly string[], ramp: readonly [string, string]): HeatStrip {
  const columns = inputs.length;
  const range = magnitudes(...rows.map((r) => r.values));
  const colours = heatColours(range, ramp);
  const pixels = new Uint8ClampedArray(columns * rows.length * 4);
  const words = new Uint32Array(pixels.buffer);
  rows.forEach((r, i) => {
    for (let j = 0; j < columns; j++) words[i * columns + j] = heatWord(r.values[j], colours);
  });
  return { columns, rows: rows.length, pixels, decades: colours.decades, nonFinite: range.nonFinite };
}

/** An input's name as the page writes it: x0 → x₀, a12 → a₁₂, c → c. */
export function inputLabel(name: string): string {
  const m = /^([a-z]+)(\d+)$/.exec(name);
  return m ? m[1] + sub(Number(m[2])) : name;
}

/** One point of the cost against M, as the worker measured it. */
export interface CostPoint {
  outputs: number;
  forwardWork: number;
  reverseWork: number;
  forwardMicroseconds: number;
  reverseMicroseconds: number;
  /** The time is too noisy to tell (its rounds' middle half wider than NOISY_SPREAD): engine/tradeoffs/report.ts. */
  forwardNoisy?: boolean;
  reverseNoisy?: boolean;
}

export type CostMetric = 'work' | 'time';

export interface CostLayout {
  forwardPath: string;
  reversePath: string;
  forwardDots: { x: number; y: number }[];
  reverseDots: { x: number; y: number }[];
  /** x of the M on screen. */
  markerX: number;
  /** x of the crossover, or null when forward mode never starts to win. */
  crossoverX: number | null;
  xTicks: Tick[];
  yTicks: Tick[];
}

/** Forward and reverse mode's cost of the Jacobian against M: counted work, or measured time. */
export function costLayout(
  points: readonly CostPoint[],
  outputs: number,
  steps: number,
  metric: CostMetric,
  crossover: number | null,
  frame: Frame,
): CostLayout {
  const fwd = (p: CostPoint) => (metric === 'work' ? p.forwardWork : p.forwardMicroseconds);
  const rev = (p: CostPoint) => (metric === 'work' ? p.reverseWork : p.reverseMicroseconds);
  const usable = points.filter((p) => Number.isFinite(fwd(p)) && Number.isFinite(rev(p)));
  const top = Math.max(1, ...usable.map(fwd), ...usable.map(rev));
  const x = scaleLinear()
    .domain([1, Math.max(2, steps)])
    .range([0, frame.innerWidth]);
  // Work on a linear axis from 0 (the counts are small whole numbers); measured time on a log
  // axis, so that one slow batch on a busy machine does not flatten every other point.
  const y =
    metric === 'work'
      ? scaleLinear().domain([0, top]).range([frame.innerHeight, 0]).nice()
      : scaleLog()
          .domain(decadeDomain([usable.map(fwd), usable.map(rev)], { minDecades: 1 }))
          .range([frame.innerHeight, 0])
          .clamp(true);
  const path = (f: (p: CostPoint) => number) =>
    line<CostPoint>()
      .x((p) => x(p.outputs))
      .y((p) => y(f(p)))(usable) ?? '';
  return {
    forwardPath: path(fwd),
    reversePath: path(rev),
    forwardDots: usable.map((p) => ({ x: x(p.outputs), y: y(fwd(p)) })),
    reverseDots: usable.map((p) => ({ x: x(p.outputs), y: y(rev(p)) })),
    markerX: x(outputs),
    crossoverX: crossover === null ? null : x(crossover),
    xTicks: linearTicks(x, Math.max(2, Math.floor(frame.innerWidth / 70)), (v) => String(v)).filter((t) => Number.isInteger(t.value)),
    yTicks:
      metric === 'work'
        ? linearTicks(y as ReturnType<typeof scaleLinear<number, number>>, Math.max(2, Math.floor(frame.innerHeight / 30)))
        : logTicks125(y as ReturnType<typeof scaleLog<number, number>>, Math.max(2, Math.floor(frame.innerHeight / 24))),
  };
}
