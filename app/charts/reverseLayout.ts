import { scaleLinear, scaleLog } from 'd3';
import { columnLine } from './pathMarks.ts';
import { decadeDomain, positive } from './domain.ts';
import type { Frame } from './frame.ts';
import { linearTicks, logTicks, type Tick } from './ticks.ts';

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
  /** |dL/da_t| and |dL/db_t|, plotted at step t (zeros and non-finite values left out). */
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
export function reverseLayout(
  adjoint: ArrayLike<number>,
  gradA: ArrayLike<number>,
  gradB: ArrayLike<number>,
  frame: Frame,
): ReverseLayout {
  const T = adjoint.length - 1;
  const x = scaleLinear().domain([0, Math.max(1, T)]).range([0, frame.innerWidth]);
  const y = scaleLog()
    .domain(decadeDomain([adjoint, gradA, gradB], { minDecades: 2 }))
    .range([frame.innerHeight, 0]);
  const path = columnLine(
    adjoint.length,
    (t) => x(t),
    (t) => y(Math.abs(adjoint[t])),
    (t) => positive(Math.abs(adjoint[t])),
  );
  const marks = (values: ArrayLike<number>): StepMark[] => {
    const out: StepMark[] = [];
    for (let t = 0; t < values.length; t++) {
      const v = values[t];
      if (positive(Math.abs(v))) out.push({ t, x: x(t), y: y(Math.abs(v)), value: v });
    }
    return out;
  };
  const at = (t: number): StepMark | null =>
    t >= 0 && t <= T && positive(Math.abs(adjoint[t]))
      ? { t, x: x(t), y: y(Math.abs(adjoint[t])), value: adjoint[t] }
      : null;
  return {
    xTicks: linearTicks(x, Math.max(2, Math.floor(frame.innerWidth / 70)), (v) => String(v)).filter((t) =>
      Number.isInteger(t.value),
    ),
    yTicks: logTicks(y, Math.max(2, Math.floor(frame.innerHeight / 28))),
    adjointPath: path,
    gradA: marks(gradA),
    gradB: marks(gradB),
    seed: at(T),
    end: at(0),
    sweep: { x1: x(T), x2: x(0) },
  };
}
