import { Fragment } from 'react';
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
 *
 * A tick's mark and label carry their own coordinates rather than sharing a translated group: in
 * Chromium each SVG transform is a node of the paint property tree and starts a paint chunk, and
 * every frame's layerizing walks every chunk on the page. The charts' per-tick groups were a
 * fifth of that walk during a scrub of the tape at T = 200 (a trace, README's Speed section).
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
        <Fragment key={i}>
          <line className="tick" x1={t.offset} x2={t.offset} y1={h} y2={h + 5} />
          <text x={t.offset} y={h + 6 + fontSize} textAnchor="middle">
            {t.label}
          </text>
        </Fragment>
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
        <Fragment key={i}>
          <line className="tick" x1={0} x2={-5} y1={t.offset} y2={t.offset} />
          <text x={-8} y={t.offset} dy="0.32em" textAnchor="end">
            {t.label}
          </text>
        </Fragment>
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
