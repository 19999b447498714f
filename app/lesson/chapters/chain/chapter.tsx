import type { ChapterContent } from '../row.ts';
import Figure from './Figure.tsx';

/** Chapter `chain`: its words, its question and where its figure comes from. */
export const chapter: ChapterContent = {
  title: 'A program is a chain of small operations',
  body: (
    <>
      <p>
        Take z = x·y + sin(x²) − ln y at x = 1.5, y = 4. The computer never sees that formula whole. It runs small
        operations, one after another: a multiply, a square, a sine, a logarithm, an add, a subtract. Each of them is
        a <dfn>primitive</dfn>.
      </p>
      <p>
        A <dfn>derivative</dfn> says how fast an output changes when you nudge an input. Each primitive knows its own
        derivative with respect to each of its inputs: that is its <dfn>local partial</dfn>. For u = x·y, nudging x
        moves u by y per unit, so ∂u/∂x = y = 4. For w = x², ∂w/∂x = 2x = 3.
      </p>
      <p>
        As the program runs, it writes every primitive on a list, the <dfn>tape</dfn>: what it read, what it made,
        and its local partials. The <dfn>chain rule</dfn> will join them: along a path the partials multiply, and
        where paths meet they add.
      </p>
      <p className="todo">
        <strong>Try:</strong> press Show me to watch the tape written one <dfn>node</dfn> at a time. A node is one row of the
        tape: an input the program reads (a leaf), or one primitive’s result.
      </p>
    </>
  ),
  wide: 'graph',
  labSection: 'playground',
  // In the lesson's own chunk: the first chapter most people open.
  figure: Figure,
};
