import { memo } from 'react';
import { barPairs, type BarRow } from './barsLayout.ts';

interface PairBarsProps {
  /** What the two sides are, in order. */
  names: [string, string];
  /** Which side is in use (drawn solid; the other is faded). */
  chosen: 0 | 1;
  rows: BarRow[];
  width: number;
  /** Colour classes of the two sides. */
  classes: [string, string];
  title: string;
}

const ROW = 46;
const LABEL = 80;
const TEXT = 78;
/** The room one side's name takes in the legend. */
const LEGEND = 240;

/** Pairs of horizontal bars, one pair per measure, each pair to its own scale. Props in, SVG out. */
export const PairBars = memo(function PairBars({ names, chosen, rows, width, classes, title }: PairBarsProps) {
  const barWidth = Math.max(40, Math.min(640, width - LABEL - TEXT - 8));
  const bars = barPairs(rows, barWidth);
  // On a narrow screen (a phone) the two names go one above the other: side by side, the second
  // ran past the figure's right edge.
  const stacked = width < LABEL + 2 * LEGEND;
  const top = stacked ? 40 : 22;
  const height = bars.length * ROW + top;
  return (
    <svg className="chart pair-bars" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
      <g aria-hidden="true">
        {names.map((name, k) => (
          <g key={name} transform={stacked ? `translate(${LABEL},${10 + k * 18})` : `translate(${LABEL + k * LEGEND},10)`} className={k === chosen ? 'chosen' : 'other'}>
            <rect className={classes[k]} width={10} height={10} y={-8} />
            <text x={15} y={1}>
              {name}
              {k === chosen ? ' (in use)' : ''}
            </text>
          </g>
        ))}
      </g>
      {bars.map((bar, i) => (
        <g key={bar.label} transform={`translate(0,${top + i * ROW})`}>
          <text className="bar-label" x={0} y={ROW / 2}>
            {bar.label}
          </text>
          {[0, 1].map((k) => (
            <g key={k} transform={`translate(${LABEL},${4 + k * 19})`} className={k === chosen ? 'chosen' : 'other'}>
              <rect className={classes[k]} width={Math.max(bar.length[k], 1)} height={15} rx={2} />
              <text x={bar.length[k] + 6} y={12}>
                {bar.text[k]}
              </text>
            </g>
          ))}
        </g>
      ))}
    </svg>
  );
});
