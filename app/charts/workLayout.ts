import { line, scaleLog } from 'd3';
import type { WorkPoint } from '../../engine/report.ts';
import { decadeDomain, positive } from './domain.ts';
import type { Frame } from './frame.ts';
import { spreadLabels } from './spreadLabels.ts';
import { logTicks125, type Tick } from './ticks.ts';

export type WorkMethod = 'reverse' | 'forward' | 'finiteDifference' | 'checkpointed';

export const WORK_METHODS: readonly WorkMethod[] = ['finiteDifference', 'forward', 'checkpointed', 'reverse'];

export interface WorkSeries {
  method: WorkMethod;
  path: string;
  /** The value at the current steps, its dot, and where its label goes (spread apart). */
  current: { value: number; x: number; y: number; labelY: number } | null;
}

export interface WorkLayout {
  xTicks: Tick[];
  yTicks: Tick[];
  series: WorkSeries[];
  /** x of the current steps. */
  currentX: number;
}

/**
 * Work units of each method against the number of steps, both on log scales: reverse mode's
 * flat 2 and the checkpointed ~3 against forward mode's P + 1 and central differences' 2P + 1.
 * `here` is the current chain's point, placed on the curve (replacing a point of the same steps).
 */
export function workLayout(fixed: readonly WorkPoint[], here: WorkPoint, frame: Frame, labelGap = 13): WorkLayout {
  const steps = here.steps;
  const curve = [...fixed.filter((p) => p.steps !== steps), here].sort((p, q) => p.steps - q.steps);
  const stepsSeen = curve.map((p) => p.steps);
  const x = scaleLog()
    .domain([Math.min(1, ...stepsSeen), Math.max(200, ...stepsSeen)])
    .range([0, frame.innerWidth]);
  const y = scaleLog()
    .domain(decadeDomain(WORK_METHODS.map((m) => curve.map((p) => p[m])), { minDecades: 2 }))
    .range([frame.innerHeight, 0]);
  const series: WorkSeries[] = WORK_METHODS.map((method) => {
    const path =
      line<WorkPoint>()
        .defined((p) => positive(p[method]))
        .x((p) => x(p.steps))
        .y((p) => y(p[method]))(curve) ?? '';
    const value = here[method];
    return {
      method,
      path,
      current: positive(value) ? { value, x: x(steps), y: y(value), labelY: y(value) } : null,
    };
  });
  const placed = series.filter((s) => s.current !== null);
  const spread = spreadLabels(
    placed.map((s) => s.current!.y),
    labelGap,
    0,
    frame.innerHeight,
  );
  placed.forEach((s, i) => (s.current!.labelY = spread[i]));
  return {
    xTicks: logTicks125(x, Math.max(3, Math.floor(frame.innerWidth / 40))),
    yTicks: logTicks125(y, Math.max(3, Math.floor(frame.innerHeight / 24))),
    series,
    currentX: x(steps),
  };
}
