import { retryable } from '../../../shell/retryable.ts';
import { Formula } from '../../../ui/formulas/Formula.tsx';
import { TryOne } from '../../TryOne.tsx';
import { chapterNumber } from '../order.ts';
import type { ChapterContent } from '../row.ts';
import './transpose.css';

/** Chapter `transpose`: its words, its question and where its figure comes from. */
export const chapter: ChapterContent = {
  title: 'A chain, and its transpose',
  body: (
    <>
      <p>
        Now a real program: x updated T times. Each update, a <dfn>chain step</dfn>, has its own parameters aₜ and
        bₜ. The step ϕ is twelve primitives: ϕ(x) = tanh(a·x + b) + c·x/(1 + x²) + 0.025·sin(k·x),
        k = 0.11(t + 1), and one c for all steps. The <dfn>loss</dfn> L measures how far the last state is
        from a target, a new y (not chapter {chapterNumber('chain')}’s input).
      </p>
      <Formula name="step" />
      <p>
        A block of primitives has a <dfn>Jacobian</dfn>, the table of its local partials: one row per output, one column per input.
        Chapter {chapterNumber('chain')}’s (x, y) ↦ (x·y, x²) at x = 1.5, y = 4 has the Jacobian [4 1.5; 3 0]; in z’s sweep its outputs’
        adjoints are 1 and cos(2.25) = −0.628. The row (1, −0.628) times the table gives x̄ = 2.12 and, for y, 1.5:
        a <dfn>vector-Jacobian product</dfn>. This 1.5 is the block’s share: −ln y adds −0.25,
        so ȳ = 1.25.
      </p>
      <Formula name="back" className="tex-small" />
      <p>
        Each chain step does the same with its 1×3 Jacobian (inputs x, a, b). Running the edges backward multiplies by each
        Jacobian’s <dfn>transpose</dfn>: rows turned into columns.
      </p>
      <p className="todo">
        <strong>Try:</strong> set T from 2 to 5; press Show me to sweep back.
      </p>
      <TryOne level={3} seed={5}>
        a value that two steps read, as x is in ϕ. Its adjoint is the sum of what both pass back.
      </TryOne>
    </>
  ),
  labSection: 'reverse',
  figure: retryable(() => import('./Figure.tsx')),
};
