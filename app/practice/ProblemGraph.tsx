import { useMemo } from 'react';
import type { TapeView } from '../../engine/tape-view.ts';
import { ExprGraph } from '../ui/tape/ExprGraph.tsx';
import { FigureContext, useFigureView } from '../ui/teach/figureView.ts';
import { TapeList } from '../ui/tape/TapeList.tsx';
import { tapeFrame, tapeStatics } from '../ui/tape/model.ts';

interface ProblemGraphProps {
  view: TapeView;
  labels: string[];
  expression: string;
  /** Sweep events shown (0: the recorded tape only, no adjoints). */
  revealed: number;
  /** The graph's least height (it takes more where its layout needs it). */
  height?: number;
  /** Posed to a room: no sweep is shown on the graph, so its boxes hold only op and value. */
  posed?: boolean;
  /** Show the tape's table below the graph. */
  tape?: boolean;
}

/**
 * The problem's graph and tape with values and local partials, drawn by the lesson's own
 * components; with `revealed` events, the adjoints as the right sweep stands after them.
 * Every edge carries its local partial, so the student reads each one off its arrow.
 */
export function ProblemGraph({ view, labels, expression, revealed, height = 240, posed = false, tape = true }: ProblemGraphProps) {
  const statics = useMemo(() => tapeStatics(view), [view]);
  const position = revealed > 0 ? statics.tl.seed + revealed : statics.tl.nodes;
  const tf = useMemo(() => tapeFrame(statics, position, false), [statics, position]);
  const figure = useFigureView();
  // The graph lays itself out (left to right, or top to bottom on a phone) and shrinks to its
  // column when it is wider; a long tape starts from a smaller type (in presentation mode the
  // graph keeps at least 24 px: ExprGraph's PRESENT_GRAPH_FONT).
  const font = 16;
  const context = useMemo(() => ({ ...figure, figureFont: font }), [figure, font]);
  return (
    <div className="practice-figure">
      <FigureContext.Provider value={context}>
        <ExprGraph
          view={view}
          tf={tf}
          highlight={revealed > 0}
          title={`The graph of f = ${expression}: ${view.length} nodes with their values and local partials`}
          height={height}
          sweep={!posed}
          minFont={font}
          inputsInOrder
        />
      </FigureContext.Provider>
      {tape ? <TapeList result={{ tape: view, labels }} tf={tf} adjoints={revealed > 0} /> : null}
    </div>
  );
}
