import { line, scaleLinear, scaleLog } from 'd3';
import { decadeDomain, positive } from './domain.ts';
import type { Frame } from './frame.ts';
import { linearTicks, logTicks, type Tick } from './ticks.ts';

/** One series: y values at x = 0, 1, 2, … (or at `x`), drawn as a line, as dots, or both. */
export interface Series {
  y: ArrayLike<number>;
  x?: ArrayLike<number>;
  /** The marks' class (their colour). */
  className: string;
  mark: 'line' | 'dots' | 'both';
}

export interface SeriesMarks {
  className: string;
  /** The line through the finite points ('' for dots only). */
  path: string;
  dots: { x: number; y: number }[];
}

export interface SeriesLayout {
  series: SeriesMarks[];
  xTicks: Tick[];
  yTicks: Tick[];
}

export interface SeriesScales {
  xLog?: boolean;
  yLog?: boolean;
  /** Include 0 in a linear y domain (a gradient's sign matters). */
  yZero?: boolean;
}

/**
 * Several series over one x axis and one y axis, linear or log each: the points a log axis cannot
 * show (0, negative, not finite) and the ones that are not finite are left out of the line and
 * the dots. Pure: positions from data and a frame.
 */
export function seriesLayout(all: readonly Series[], frame: Frame, scales: SeriesScales = {}): SeriesLayout {
  const xs = all.map((s) => s.x ?? Array.from({ length: s.y.length }, (_, i) => i));
  const usableX = (v: number) => (scales.xLog ? positive(v) : Number.isFinite(v));
  const usableY = (v: number) => (scales.yLog ? positive(v) : Number.isFinite(v));
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = scales.yZero ? 0 : Infinity;
  let y1 = scales.yZero ? 0 : -Infinity;
  all.forEach((s, k) => {
    for (let i = 0; i < s.y.length; i++) {
      const x = xs[k][i];
      const y = s.y[i];
      if (!usableX(x) || !usableY(y)) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  });
  if (x0 === Infinity) [x0, x1] = scales.xLog ? [1e-3, 1] : [0, 1];
  if (y0 === Infinity) [y0, y1] = scales.yLog ? [1e-3, 1] : [0, 1];
  if (x0 === x1) [x0, x1] = scales.xLog ? [x0 / 10, x1 * 10] : [x0 - 1, x1 + 1];
  if (y0 === y1) [y0, y1] = scales.yLog ? [y0 / 10, y1 * 10] : [y0 - 1, y1 + 1];
  const xLog = scaleLog().domain(decadeDomain([[x0, x1]])).range([0, frame.innerWidth]);
  const xLinear = scaleLinear().domain([x0, x1]).range([0, frame.innerWidth]);
  const yLog = scaleLog().domain(decadeDomain([[y0, y1]], { minDecades: 1 })).range([frame.innerHeight, 0]);
  const yLinear = scaleLinear().domain([y0, y1]).nice().range([frame.innerHeight, 0]);
  const x = (v: number) => (scales.xLog ? xLog(v) : xLinear(v));
  const yScale = (v: number) => (scales.yLog ? yLog(v) : yLinear(v));
  const series = all.map((s, k): SeriesMarks => {
    const points: { x: number; y: number }[] = [];
    for (let i = 0; i < s.y.length; i++) {
      const xv = xs[k][i];
      const yv = s.y[i];
      if (usableX(xv) && usableY(yv)) points.push({ x: x(xv), y: yScale(yv) });
    }
    const path =
      s.mark === 'dots'
        ? ''
        : (line<{ x: number; y: number }>()
            .x((p) => p.x)
            .y((p) => p.y)(points) ?? '');
    return { className: s.className, path, dots: s.mark === 'line' ? [] : points };
  });
  const xCount = Math.max(2, Math.floor(frame.innerWidth / 70));
  const yCount = Math.max(2, Math.floor(frame.innerHeight / 32));
  return {
    series,
    xTicks: scales.xLog ? logTicks(xLog, xCount) : linearTicks(xLinear, xCount),
    yTicks: scales.yLog ? logTicks(yLog, yCount) : linearTicks(yLinear, yCount),
  };
}
