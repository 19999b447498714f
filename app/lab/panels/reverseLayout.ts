import { scaleLinear, scaleLog } from 'd3';
import { finish, type Slices } from '../../state/perf/slices.ts';
import { columnLine, PixelSet, worthThinning } from '../../ui/charts/pathMarks.ts';
import { decadeDomain, positive } from '../../ui/charts/domain.ts';
import type { Frame } from '../../ui/charts/frame.ts';
import { linearTicks, logTicks, type Tick } from '../../ui/charts/ticks.ts';

/** A mark at step t: its position, and the signed value it stands for. */
export interface StepMark {
  t: number;
  x: number;
  y: number;
  value: number;
}

export interface ReverseLayout {
  xTicks: Tick[];
  yTicks: Tick[];
  /** |x̄_t| against t, broken where the adjoint is zero or not finite. */
  adjointPath: string;
  /** |dL/da_t| and |dL/db_t|, plotted at step t (zeros and non-finite values left out, one per pixel). */
  gradA: StepMark[];
  gradB: StepMark[];
  /** The seed x̄_T = x_T − y, where the backward sweep starts. */
  seed: StepMark | null;
  /** x̄_0, where it ends. */
  end: StepMark | null;
  /** The arrow of the backward sweep, drawn above the plot: from x(T) to x(0). */
  sweep: { x1: number; x2: number };
}

/**
 * Reverse mode's panel: the adjoint |x̄_t| flowing backward along t on a log scale, with the
 * parameter gradients it produces at each step.
 */
export function reverseLayout(adjoint: ArrayLike<number>, gradA: ArrayLike<number>, gradB: ArrayLike<number>, frame: Frame): ReverseLayout {
  return finish(reverseLayoutSlices(adjoint, gradA, gradB, frame));
}

/** `reverseLayout`, yielding between its passes over the steps (app/state/perf/useSliced.ts). */
export function* reverseLayoutSlices(
  adjoint: ArrayLike<number>,
  gradA: ArrayLike<number>,
  gradB: ArrayLike<number>,
  frame: Frame,
): Slices<ReverseLayout> {
  const T = adjoint.length - 1;
  const x = scaleLinear().domain([0, Math.max(1, T)]).range([0, frame.innerWidth]);
  const y = scaleLog()
    .domain(decadeDomain([adjoint, gradA, gradB], { minDecades: 2 }))
    .range([frame.innerHeight, 0]);
  yield;
  // The same maps written out: at 100,000 steps they run hundreds of thousands of times, and a
  // d3 scale's call costs several times the arithmetic.
  const [d0, d1] = y.domain();
  const kx = frame.innerWidth / Math.max(1, T);
  const l0 = Math.log10(d0);
  const ky = frame.innerHeight / (Math.log10(d1) - l0);
  const xOf = (t: number) => t * kx;
  const yOf = (v: number) => frame.innerHeight - (Math.log10(v) - l0) * ky;
  const path = columnLine(
    adjoint.length,
    xOf,
    (t) => yOf(Math.abs(adjoint[t])),
    (t) => positive(Math.abs(adjoint[t])),
  );
  // One mark per pixel (a second mark on the same pixel cannot be seen) when there are many more
  // marks than pixel columns: a 100,000-step chain keeps a few thousand, not 200,000 objects.
  const marks = (values: ArrayLike<number>): StepMark[] => {
    const out: StepMark[] = [];
    const seen = worthThinning(values.length, frame.innerWidth) ? new PixelSet(frame.innerWidth, frame.innerHeight) : null;
    for (let t = 0; t < values.length; t++) {
      const v = values[t];
      if (!positive(Math.abs(v))) continue;
      const mx = xOf(t);
      const my = yOf(Math.abs(v));
      if (!seen || seen.claim(mx, my)) out.push({ t, x: mx, y: my, value: v });
    }
    return out;
  };
  yield;
  const marksA = marks(gradA);
  yield;
  const marksB = marks(gradB);
  const at = (t: number): StepMark | null =>
    t >= 0 && t <= T && positive(Math.abs(adjoint[t]))
      ? { t, x: xOf(t), y: yOf(Math.abs(adjoint[t])), value: adjoint[t] }
      : null;
  return {
    xTicks: linearTicks(x, Math.max(2, Math.floor(frame.innerWidth / 70)), (v) => String(v)).filter((t) =>
      Number.isInteger(t.value),
    ),
    yTicks: logTicks(y, Math.max(2, Math.floor(frame.innerHeight / 28))),
    adjointPath: path,
    gradA: marksA,
    gradB: marksB,
    seed: at(T),
    end: at(0),
    sweep: { x1: xOf(T), x2: xOf(0) },
  };
}
