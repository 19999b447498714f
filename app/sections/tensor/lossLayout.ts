import { line, scaleLinear, scaleLog } from 'd3';
import { decadeDomain } from '../../ui/charts/domain.ts';
import type { Frame } from '../../ui/charts/frame.ts';
import { linearTicks, logTicks125, type Tick } from '../../ui/charts/ticks.ts';

export interface LossLayout {
  /** The loss curve: one point per step taken so far. */
  path: string;
  xTicks: Tick[];
  yTicks: Tick[];
  /** The newest step's point, or null before the first step. */
  last: { x: number; y: number; step: number; loss: number } | null;
}

/**
 * The batch loss against the step, the step axis fixed to the run's length (so the curve grows
 * across the plot as training goes on) and the loss on a log axis of whole decades, at least two
 * (0.01 … 1 at the start: the axis moves at most when the loss passes a power of ten).
 */
export function lossLayout(losses: ArrayLike<number>, steps: number, frame: Frame): LossLayout {
  const x = scaleLinear()
    .domain([0, Math.max(1, steps)])
    .range([0, frame.innerWidth]);
  const y = scaleLog()
    .domain(decadeDomain([losses], { minDecades: 2, floor: 1e-8 }))
    .range([frame.innerHeight, 0])
    .clamp(true);
  const points = Array.from({ length: losses.length }, (_, i) => i).filter((i) => Number.isFinite(losses[i]) && losses[i] > 0);
  const path =
    line<number>()
      .x((i) => x(i))
      .y((i) => y(losses[i]))(points) ?? '';
  const n = points.length;
  const lastIndex = n > 0 ? points[n - 1] : -1;
  return {
    path,
    xTicks: linearTicks(x, Math.max(2, Math.floor(frame.innerWidth / 80)), (v) => String(v)),
    yTicks: logTicks125(y, Math.max(2, Math.floor(frame.innerHeight / 28))),
    last: lastIndex >= 0 ? { x: x(lastIndex), y: y(losses[lastIndex]), step: lastIndex, loss: losses[lastIndex] } : null,
  };
}
