import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';
import './remember.css';

/** Chapter `remember`: its words, its question and where its figure comes from. */
export const chapter: ChapterContent = {
  title: 'What to remember',
  body: (
    <>
      <ol className="remember">
        <li>A program is a chain of primitives, each with its own local partials.</li>
        <li>The tape records them as the program runs forward.</li>
        <li>The backward sweep reads the tape newest first and adds into each adjoint.</li>
        <li>One sweep gives the gradient for every parameter: its cost does not grow with P.</li>
        <li>The price is memory; checkpoints buy it back with recomputation.</li>
      </ol>
      <p>Mistakes to avoid:</p>
      <ul className="options">
        <li>writing an adjoint with = where paths meet: it must be +=;</li>
        <li>a finite-difference step h so small that rounding error swamps the answer;</li>
        <li>forgetting that forward mode pays one pass per input.</li>
      </ul>
      <p>Where to go next in the lab:</p>
      <ul className="next-steps">
        <li>
          <a href="#go=pitfall">The tape explorer</a>, with the pitfall on: watch = lose a contribution.
        </li>
        <li>
          <a href="#go=playground">Your own expression</a>: type one and see its tape and gradient.
        </li>
        <li>
          <a href="#go=tradeoffs">What frameworks hide</a>: stop the gradient, fuse, save or recompute.
        </li>
        <li>
          <a href="#go=tensor">From scalars to tensors</a>: train a small network on a tensor tape.
        </li>
        <li>
          <a href="#go=bugs">Bugs you will meet</a>: switch each one on the chain.
        </li>
      </ul>
    </>
  ),
  wide: 'words',
  labSection: 'work',
  figure: retryable(() => import('./Figure.tsx')),
};
