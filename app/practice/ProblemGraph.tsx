import { useMemo } from 'react';
import type { TapeView } from '../../engine/tape-view.ts';
import { ExprGraph } from '../lesson/figures/ExprGraph.tsx';
import { TapeList } from '../lesson/figures/TapeList.tsx';
import { smallGraphLayout } from '../lesson/figures/graphLayout.ts';
import { tapeFrame, tapeStatics } from '../sections/tape/model.ts';
import { useMediaQuery } from '../ui/useMediaQuery.ts';

interface ProblemGraphProps {
  view: TapeView;
  labels: string[];
  expression: string;
  /** Sweep events shown (0: the recorded tape only, no adjoints). */
  revealed: number;
}

/**
 * The problem's graph and tape with values and local partials, drawn by the lesson's own
 * components; with `revealed` events, the adjoints as the right sweep stands after them.
 */
export function ProblemGraph({ view, labels, expression, revealed }: ProblemGraphProps) {
  const statics = useMemo(() => tapeStatics(view), [view]);
  const position = revealed > 0 ? statics.tl.seed + revealed : statics.tl.nodes;
  const tf = useMemo(() => tapeFrame(statics, position, false), [statics, position]);
  const phone = useMediaQuery('(max-width: 600px)');
  // The graph's columns need room: on a phone it scrolls sideways rather than overlap.
  const columns = useMemo(() => smallGraphLayout(view, 0, 0, 15).columns, [view]);
  const minWidth = columns * (phone ? 96 : 120);
  return (
    <div className="practice-figure">
      <div className="practice-graph-scroll">
        <div style={{ minWidth }}>
          <ExprGraph view={view} tf={tf} receipts highlight={revealed > 0} title={`The graph of f = ${expression}: ${view.length} nodes with their values and local partials`} height={phone ? 240 : 280} />
        </div>
      </div>
      <TapeList result={{ tape: view, labels }} tf={tf} adjoints={revealed > 0} />
    </div>
  );
}
