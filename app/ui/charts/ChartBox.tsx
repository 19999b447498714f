import { useMemo, type ReactNode } from 'react';
import { useSize, type Size } from './useSize.ts';

interface ChartBoxProps {
  /** The least height; the box grows to fill its panel when a neighbour in the row is taller. */
  minHeight: number;
  /** Grow with the panel (false: always exactly minHeight). */
  grow?: boolean;
  className?: string;
  /** Draws the chart at the measured size. */
  children: (size: Size) => ReactNode;
}

/** A box that measures itself and hands its size to a chart drawn inside it. */
export function ChartBox({ minHeight, grow = true, className, children }: ChartBoxProps) {
  // The chart is drawn once the box is measured, after the frame that measured it is painted
  // (useSize's deferFirst): the box keeps its height meanwhile, so nothing moves.
  const [ref, size, measured] = useSize<HTMLDivElement>({ width: 480, height: minHeight }, { deferFirst: true });
  const height = Math.max(minHeight, size.height);
  // The same object while the box keeps its size, so a memoised chart given it is not redrawn.
  const drawn = useMemo(() => ({ width: size.width, height }), [size.width, height]);
  return (
    <div
      ref={ref}
      className={`chart-box${grow ? ' grow' : ''}${className ? ` ${className}` : ''}`}
      style={grow ? { minHeight } : { height: minHeight }}
    >
      {measured ? children(drawn) : null}
    </div>
  );
}
