import type { ReactNode } from 'react';
import type { Frame } from './frame.ts';

interface ChartProps {
  frame: Frame;
  /** What the chart shows, for screen readers. */
  title: string;
  children: ReactNode;
  /**
   * Controls drawn on the chart (a draggable marker, choosable points). With them the chart is a
   * named group: the picture stays one image to assistive technology, the controls stay reachable.
   */
  controls?: ReactNode;
  className?: string;
}

/** An SVG of the frame's size with a group translated into the plotting area. */
export function Chart({ frame, title, children, controls, className }: ChartProps) {
  const translate = `translate(${frame.margin.left},${frame.margin.top})`;
  return (
    <svg
      className={className ? `chart ${className}` : 'chart'}
      width={frame.width}
      height={frame.height}
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      role={controls ? 'group' : 'img'}
      aria-label={title}
    >
      {controls ? (
        <>
          <g transform={translate} role="img" aria-label={title}>
            {children}
          </g>
          <g transform={translate}>{controls}</g>
        </>
      ) : (
        <g transform={translate}>{children}</g>
      )}
    </svg>
  );
}
