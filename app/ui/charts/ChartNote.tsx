import type { Frame } from './frame.ts';

/**
 * One short line inside a chart's plotting area, top right (or top left), with a halo so it
 * reads over marks: what the chart left out, or why the numbers look as they do.
 */
export function ChartNote({ frame, text, line = 0, align = 'end' }: { frame: Frame; text: string | null; line?: number; align?: 'start' | 'end' }) {
  if (!text) return null;
  return (
    <text
      className="chart-note halo"
      x={align === 'end' ? frame.innerWidth - 4 : 6}
      y={12 + 14 * line}
      textAnchor={align}
      role="note"
    >
      {text}
    </text>
  );
}
