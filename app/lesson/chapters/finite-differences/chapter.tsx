import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `finite-differences`: its words, its question and where its figure comes from. */
export const chapter: ChapterContent = {
  title: 'Finite differences: how small a step?',
  body: (
    <>
      <p>
        A <dfn>finite difference</dfn> guesses a derivative by nudging. Run the chain with one parameter moved up by
        a <dfn>step h</dfn>, then down by h, and divide the change in the loss by 2h. It needs no tape.
      </p>
      <p>
        Large h measures the wrong slope: <dfn>truncation error</dfn>. Floats keep about 16 digits (<dfn>machine
        epsilon</dfn> ε ≈ 2.2e-16). Small h subtracts two nearly equal losses; the lost digits are{' '}
        <dfn>rounding error</dfn>.
      </p>
    </>
  ),
  question: {
    // The question's own h, where the figure starts (the slider's h shows in its label and readout).
    prompt: 'The figure starts at h = 1e-9. If you halve h there, does the error go up or down?',
    choices: [
      {
        label: 'Down: a smaller step is always more exact',
        why: 'Only truncation error shrinks with h. At 1e-9 the two runs’ losses agree in almost every digit: what is left of their difference?',
      },
      {
        label: 'Up: rounding error grows as h shrinks',
        why: (v) =>
          `At 1e-9 rounding error is far above truncation error, and it grows as 1/h: ${v.at && v.atHalf ? `the error is ${v.at} at 1e-9 and ${v.atHalf} at 5e-10, ${v.ratio} times as large` : 'halving h about doubles the error'}.`,
      },
      {
        label: 'It stays the same',
        why: 'Both kinds of error depend on h: truncation as h², rounding as 1/h. Which of the two is larger at 1e-9?',
      },
    ],
    answer: 'Up: rounding error grows as h shrinks',
  },
  afterAnswer: (
    <p>
      Models: truncation h²·|L‴|/6 (L‴, the loss’s third derivative), rounding ε·|L|/h. The best h is at the
      bottom of the V.
    </p>
  ),
  labSection: 'fd',
  figure: retryable(() => import('./Figure.tsx')),
};
