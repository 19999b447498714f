import type { Frame } from './frame.ts';
import type { Tick } from './ticks.ts';

interface AxisProps {
  frame: Frame;
  ticks: Tick[];
  /** The axis title, with its unit. */
  label: string;
  /** Draw light grid lines across the plot at each tick. */
  grid?: boolean;
  /** The text size the labels are drawn at (set by CSS); the offsets from the axis follow it. */
  fontSize?: number;
}

/*
 * Ticks are keyed by their place, not their value: when a drag moves the domain, each tick's
 * elements are moved and relabelled instead of removed and made anew (hundreds of elements
 * inserted and laid out during a drag of c at T = 200).
 */

/** A bottom axis drawn by React from precomputed ticks (inside the plot's translated group). */
export function AxisBottom({ frame, ticks, label, grid = true, fontSize = 11 }: AxisProps) {
  const h = frame.innerHeight;
  return (
    <g className="axis axis-bottom" aria-hidden="true">
      {grid
        ? ticks.map((t, i) => <line key={i} className="grid" x1={t.offset} x2={t.offset} y1={0} y2={h} />)
        : null}
      <line className="domain" x1={0} x2={frame.innerWidth} y1={h} y2={h} />
      {ticks.map((t, i) => (
        <g key={i} transform={`translate(${t.offset},${h})`}>
          <line className="tick" y2={5} />
          <text y={6 + fontSize} textAnchor="middle">
            {t.label}
          </text>
        </g>
      ))}
      <text className="axis-title" x={frame.innerWidth / 2} y={h + 12 + 2 * fontSize} textAnchor="middle">
        {label}
      </text>
    </g>
  );
}

/** A left axis drawn by React from precomputed ticks, its title written vertically. */
export function AxisLeft({ frame, ticks, label, grid = true, fontSize = 11 }: AxisProps) {
  const w = frame.innerWidth;
  return (
    <g className="axis axis-left" aria-hidden="true">
      {grid
        ? ticks.map((t, i) => <line key={i} className="grid" x1={0} x2={w} y1={t.offset} y2={t.offset} />)
        : null}
      <line className="domain" x1={0} x2={0} y1={0} y2={frame.innerHeight} />
      {ticks.map((t, i) => (
        <g key={i} transform={`translate(0,${t.offset})`}>
          <line className="tick" x2={-5} />
          <text x={-8} dy="0.32em" textAnchor="end">
            {t.label}
          </text>
        </g>
      ))}
      <text
        className="axis-title"
        transform={`translate(${-frame.margin.left + fontSize + 2},${frame.innerHeight / 2}) rotate(-90)`}
        textAnchor="middle"
      >
        {label}
      </text>
    </g>
  );
}
