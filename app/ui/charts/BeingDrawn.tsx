import { Chart } from './Chart.tsx';
import { ChartNote } from './ChartNote.tsx';
import type { Frame } from './frame.ts';

/**
 * A long chain's chart laid out in slices (app/state/perf/useSliced.ts) before its first layout is
 * ready: the empty frame, its title saying so, and `note` ("Drawing 100,000 steps…") inside.
 */
export function ChartBeingDrawn({ frame, title, note }: { frame: Frame; title: string; note: string }) {
  return (
    <Chart frame={frame} title={`${title}, being drawn`}>
      <ChartNote frame={frame} text={note} />
    </Chart>
  );
}

/** A chart's title and class while it shows the last layout and a new one is made: dimmed, and saying so. */
export function drawnProps(current: boolean, title: string): { title: string; className: string | undefined } {
  return current ? { title, className: undefined } : { title: `${title}, being drawn`, className: 'drawing' };
}
