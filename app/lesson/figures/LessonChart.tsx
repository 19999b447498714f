import { line, scaleLinear, scaleLog } from 'd3';
import type { ReactNode } from 'react';
import { AxisBottom, AxisLeft } from '../../ui/charts/Axes.tsx';
import { Chart } from '../../ui/charts/Chart.tsx';
import { makeFrame, type Frame } from '../../ui/charts/frame.ts';
import { countLabel, linearTicks, logTicks, logTicks125, type Tick } from '../../ui/charts/ticks.ts';
import { useSize } from '../../ui/charts/useSize.ts';
import { useLessonView } from '../context.ts';

/** One axis: its kind, its range and its title. */
export interface AxisSpec {
  kind: 'log' | 'linear';
  domain: [number, number];
  label: string;
  /** Tick label text of a linear axis (a log axis's labels follow `ticks`). */
  format?: (x: number) => string;
  /**
   * A log axis's ticks: 'powers' (the default) at powers of ten written 10⁻⁵; 'counts' for
   * counts of things, written 1, 20, 500, 1k, 10k, with 2 and 5 between the powers where there
   * is room; or the values to mark, written as counts (the choices a figure offers).
   */
  ticks?: 'powers' | 'counts' | readonly number[];
}

/** One series: points in data units, drawn as a line, dots, or both (each dot carries its point as data-x, data-y). */
export interface Series {
  id: string;
  points: readonly (readonly [number, number])[];
  className: string;
  dots?: boolean;
  line?: boolean;
  dashed?: boolean;
}

/** What marks drawn on top of the series may use: the frame and the two scales. */
export interface Plot {
  frame: Frame;
  x: (v: number) => number;
  y: (v: number) => number;
  font: number;
}

interface LessonChartProps {
  title: string;
  x: AxisSpec;
  y: AxisSpec;
  series: readonly Series[];
  height: number;
  /** Marks on top (the selected point, labels), drawn with the chart's scales. */
  marks?: (plot: Plot) => ReactNode;
}

function scaleOf(spec: AxisSpec, range: [number, number]) {
  return spec.kind === 'log' ? scaleLog().domain(spec.domain).range(range) : scaleLinear().domain(spec.domain).range(range);
}

/**
 * The least distance between two tick labels, in ems of the figure's text: across, a label's
 * width and a gap (10⁻¹² or 100k); up the side, its line and most of one again. A log axis marks
 * every decade that fits (and thins them only when they do not); a linear axis, whose d3 values
 * are only about as many as asked, asks for fewer.
 */
const TICK_GAP = { x: { log: 3.2, linear: 5 }, y: { log: 1.7, linear: 3.4 } } as const;

/** An axis's ticks, as many as fit along `room` pixels with labels of size `font`. */
function ticksOf(spec: AxisSpec, range: [number, number], room: number, axis: 'x' | 'y', font: number): Tick[] {
  const count = Math.max(2, Math.floor(room / (font * TICK_GAP[axis][spec.kind])));
  if (spec.kind === 'linear') return linearTicks(scaleLinear().domain(spec.domain).range(range), count, spec.format);
  const scale = scaleLog().domain(spec.domain).range(range);
  const ticks = spec.ticks ?? 'powers';
  if (ticks === 'powers') return logTicks(scale, count);
  if (ticks === 'counts') return logTicks125(scale, count);
  return ticks.map((value) => ({ value, offset: scale(value), label: countLabel(value) }));
}

/**
 * The lesson's chart: React draws, d3 computes the scales and paths. Its text is drawn at the
 * lesson's figure size (larger in presentation mode), and the margins and tick count follow it so
 * labels never crowd.
 */
export function LessonChart({ title, x, y, series, height, marks }: LessonChartProps) {
  const { figureFont: font } = useLessonView();
  const [ref, size] = useSize<HTMLDivElement>({ width: 0, height });
  const margin = { top: Math.round(font * 0.9), right: Math.round(font * 1.6), bottom: Math.round(font * 2 + 20), left: Math.round(font * 4.4 + 8) };
  const frame = makeFrame(size.width, height, margin);
  const xRange: [number, number] = [0, frame.innerWidth];
  const yRange: [number, number] = [frame.innerHeight, 0];
  const xs = scaleOf(x, xRange);
  const ys = scaleOf(y, yRange);
  const xTicks = ticksOf(x, xRange, frame.innerWidth, 'x', font);
  const yTicks = ticksOf(y, yRange, frame.innerHeight, 'y', font);
  // Points outside the axes' ranges are left out, not pinned to the edge.
  const inside = (v: number, spec: AxisSpec) => Number.isFinite(v) && v >= Math.min(...spec.domain) * (1 - 1e-9) && v <= Math.max(...spec.domain) * (1 + 1e-9);
  const shown = ([a, b]: readonly [number, number]) => inside(a, x) && inside(b, y);
  const path = line<readonly [number, number]>()
    .defined(shown)
    .x(([a]) => xs(a))
    .y(([, b]) => ys(b));
  return (
    <div ref={ref} className="lesson-chart" style={{ height }}>
      {size.width > 0 ? (
        <Chart frame={frame} title={title}>
          <g style={{ fontSize: font }}>
            <AxisBottom frame={frame} ticks={xTicks} label={x.label} fontSize={font} />
            <AxisLeft frame={frame} ticks={yTicks} label={y.label} fontSize={font} />
            {series.map((s) => (
              <g key={s.id} className={`series ${s.className}`}>
                {s.line !== false ? <path d={path(s.points) ?? ''} fill="none" strokeDasharray={s.dashed ? '6 5' : undefined} /> : null}
                {s.dots
                  ? s.points
                      .filter(shown)
                      .map(([a, b]) => <circle key={a} cx={xs(a)} cy={ys(b)} r={Math.max(4, font * 0.28)} data-x={a} data-y={b} />)
                  : null}
              </g>
            ))}
            {marks?.({ frame, x: xs, y: ys, font })}
          </g>
        </Chart>
      ) : null}
    </div>
  );
}
