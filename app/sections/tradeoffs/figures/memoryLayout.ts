import { line, scaleLinear, scaleLog } from 'd3';
import { decadeDomain } from '../../../ui/charts/domain.ts';
import type { Frame } from '../../../ui/charts/frame.ts';
import { formatPowerOfTen } from '../../../ui/format.ts';
import { linearTicks, logTicks, type Tick } from '../../../ui/charts/ticks.ts';

export interface MemoryLayout {
  /** Bytes held at each moment of the run, saving. */
  savedPath: string;
  /** The same, recomputing. */
  recomputedPath: string;
  /** x where the forward pass ends and the sweep begins. */
  sweepX: number;
  xTicks: Tick[];
  yTicks: Tick[];
}

/**
 * Bytes held at each moment of the run (0 … 2T: T forward steps, then T steps swept back) by
 * saving and by recomputing, on a log axis (the two differ by a factor of twenty or more).
 * Moments holding nothing (the start) are left off the line.
 */
export function memoryLayout(saved: ArrayLike<number>, recomputed: ArrayLike<number>, frame: Frame): MemoryLayout {
  const n = Math.max(saved.length, recomputed.length) - 1;
  const x = scaleLinear()
    .domain([0, Math.max(1, n)])
    .range([0, frame.innerWidth]);
  const y = scaleLog()
    .domain(decadeDomain([saved, recomputed], { minDecades: 2, floor: 1 }))
    .range([frame.innerHeight, 0])
    .clamp(true);
  const path = (values: ArrayLike<number>) =>
    line<number>()
      .x((i) => x(i))
      .y((i) => y(values[i]))(Array.from({ length: values.length }, (_, i) => i).filter((i) => values[i] > 0)) ?? '';
  return {
    savedPath: path(saved),
    recomputedPath: path(recomputed),
    sweepX: x(n / 2),
    xTicks: linearTicks(x, Math.max(2, Math.floor(frame.innerWidth / 70)), (v) => String(v)).filter((t) => Number.isInteger(t.value)),
    yTicks: logTicks(y, Math.max(2, Math.floor(frame.innerHeight / 30))).map((t) => ({ ...t, label: `${formatPowerOfTen(t.value)} B` })),
  };
}
