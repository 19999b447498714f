import { useMemo } from 'react';
import type { TapeView } from '../../engine/tape-view.ts';
import { ExprGraph } from '../lesson/figures/ExprGraph.tsx';
import { LessonContext, useLessonView } from '../lesson/context.ts';
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
  const lesson = useLessonView();
  // A long tape (a neuron with two inputs: nine columns, five inputs in the first) is drawn
  // smaller, and as tall as its fullest column; on a phone it scrolls sideways rather than overlap.
  const { columns, rows } = useMemo(() => {
    const g = smallGraphLayout(view, 0, 0, 15);
    const count = new Int32Array(g.columns);
    for (let i = 0; i < view.length; i++) count[g.column[i]]++;
    return { columns: g.columns, rows: Math.max(1, ...count) };
  }, [view]);
  const font = phone || columns > 7 ? 12 : columns > 5 ? 13.5 : 15;
  const minWidth = Math.ceil(columns * font * 7.8);
  const height = Math.max(phone ? 200 : 240, Math.ceil(font * (1.5 + rows * 4.6)));
  const context = useMemo(() => ({ ...lesson, figureFont: font }), [lesson, font]);
  return (
    <div className="practice-figure">
      <div className="practice-graph-scroll">
        <div style={{ minWidth }}>
          <LessonContext.Provider value={context}>
            <ExprGraph view={view} tf={tf} receipts highlight={revealed > 0} title={`The graph of f = ${expression}: ${view.length} nodes with their values and local partials`} height={height} />
          </LessonContext.Provider>
        </div>
      </div>
      <TapeList result={{ tape: view, labels }} tf={tf} adjoints={revealed > 0} />
    </div>
  );
}
