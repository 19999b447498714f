import type { ReactNode } from 'react';
import type { Frame } from './frame.ts';

interface ChartProps {
  frame: Frame;
  /** What the chart shows, for screen readers. */
  title: string;
  children: ReactNode;
  className?: string;
}

/** An SVG of the frame's size with a group translated into the plotting area. */
export function Chart({ frame, title, children, className }: ChartProps) {
  return (
    <svg
      className={className ? `chart ${className}` : 'chart'}
      width={frame.width}
      height={frame.height}
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      role="img"
      aria-label={title}
    >
      <g transform={`translate(${frame.margin.left},${frame.margin.top})`}>{children}</g>
    </svg>
  );
}
