import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `hidden`: its words, its question and where its figure comes from. */
export const chapter: ChapterContent = {
  title: 'What frameworks hide',
  body: (
    <>
      <p>
        Frameworks such as PyTorch and JAX run this machinery for you. Its trades are hidden, but not gone.
      </p>
      <p>
        A <dfn>stop-gradient</dfn> treats one value as a constant, so the sweep ends there. Here it stops K steps
        from the end, and the tape shrinks.
      </p>
    </>
  ),
  question: {
    // K and the steps before it are the figure's window (10 and 30 where it starts); at K = T no step is cut, so the question names its own K.
    prompt: (v) =>
      v.before === '0'
        ? `K = ${v.window} reaches back to x₀, so no step is cut. At K = 10, what do the first 30 steps’ gradients become?`
        : `The sweep stops K = ${v.window ?? '10'} steps before the end. What do the first ${v.before ?? '30'} steps’ gradients become?`,
    choices: [
      {
        label: 'Exactly 0',
        why: (v) =>
          v.before === '0'
            ? 'No blame flows past the constant: every step before it gets exactly 0, not an approximation.'
            : `No blame flows past the constant: ${v.zeroed ?? 'all'} of the first ${v.before ?? '30'} steps’ gradients are exactly 0, not an approximation.`,
      },
      { label: 'Still exact', why: 'The sweep ends at the constant. Does any blame reach the steps before it?' },
      { label: 'Slightly off', why: 'Slightly off would mean a little blame gets past the constant. Does any?' },
    ],
    answer: 'Exactly 0',
  },
  labSection: 'tradeoffs',
  afterQuestion: (
    <p>
      Forward mode can be the cheaper one. Take one input, x₀ (N = 1), and the last M states as outputs. Forward
      mode carries each value’s derivative with respect to x₀ (a <dfn>Jacobian-vector product</dfn>): N + 1 = 2
      passes for any M. Reverse mode records once and sweeps once per output: M + 1.
    </p>
  ),
  figure: retryable(() => import('./Figure.tsx')),
};
