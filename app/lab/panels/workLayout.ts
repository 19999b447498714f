import { line, scaleLog, type ScaleLogarithmic } from 'd3';
import type { WorkPoint } from '../../../engine/report.ts';
import { decadeDomain, positive } from '../../ui/charts/domain.ts';
import type { Frame } from '../../ui/charts/frame.ts';
import { spreadLabels } from '../../ui/charts/spreadLabels.ts';
import { logTicks125, type Tick } from '../../ui/charts/ticks.ts';

export type WorkMethod = 'reverse' | 'forward' | 'finiteDifference' | 'checkpointed';

export const WORK_METHODS: readonly WorkMethod[] = ['finiteDifference', 'forward', 'checkpointed', 'reverse'];

export interface WorkSeries {
  method: WorkMethod;
  path: string;
  /** The value at the current steps, its dot, and where its label goes (spread apart). */
  current: { value: number; x: number; y: number; labelY: number; estimated: boolean } | null;
  /** A dashed line from the last counted point to an estimated current one ('' when counted). */
  estimatePath: string;
}

export interface WorkLayout {
  xTicks: Tick[];
  yTicks: Tick[];
  series: WorkSeries[];
  /** x of the current steps. */
  currentX: number;
  /** Steps → x, for the steps marker on the chart. */
  x: ScaleLogarithmic<number, number>;
}

/**
 * Where the steps axis ends: at 200 (the slider's end) for the chains the slider reaches, else at
 * the next power of ten at or above T, so the axis reaches the chosen T and holds still while
 * the steps marker is dragged within a decade.
 */
export function axisEnd(steps: number): number {
  return steps <= 200 ? 200 : 10 ** Math.ceil(Math.log10(steps) - 1e-12);
}

/**
 * Work units of each method against the number of steps, both on log scales: reverse mode's
 * flat 2 and the checkpointed ~3 against forward mode's P + 1 and central differences' 2P + 1.
 * `here` is the current chain's point, placed on the curve (replacing a point of the same steps).
 */
export function workLayout(
  fixed: readonly WorkPoint[],
  here: WorkPoint,
  frame: Frame,
  labelGap = 13,
  estimated: Partial<Record<WorkMethod, number | undefined>> = {},
): WorkLayout {
  const steps = here.steps;
  const curve = [...fixed.filter((p) => p.steps !== steps), here].sort((p, q) => p.steps - q.steps);
  const values = (m: WorkMethod) => [...curve.map((p) => p[m]), estimated[m] ?? NaN];
  const stepsSeen = curve.map((p) => p.steps);
  const x = scaleLog()
    .domain([Math.min(1, ...stepsSeen), axisEnd(Math.max(...stepsSeen))])
    .range([0, frame.innerWidth]);
  const y = scaleLog()
    .domain(decadeDomain(WORK_METHODS.map(values), { minDecades: 2 }))
    .range([frame.innerHeight, 0]);
  const series: WorkSeries[] = WORK_METHODS.map((method) => {
    const path =
      line<WorkPoint>()
        .defined((p) => positive(p[method]))
        .x((p) => x(p.steps))
        .y((p) => y(p[method]))(curve) ?? '';
    const guess = estimated[method];
    const value = positive(here[method]) ? here[method] : (guess ?? NaN);
    const isEstimate = !positive(here[method]) && guess !== undefined && positive(guess);
    const last = [...curve].reverse().find((p) => p.steps < steps && positive(p[method]));
    return {
      method,
      path,
      current: positive(value) ? { value, x: x(steps), y: y(value), labelY: y(value), estimated: isEstimate } : null,
      estimatePath: isEstimate && last ? `M${x(last.steps)},${y(last[method])}L${x(steps)},${y(value)}` : '',
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
    x,
  };
}
