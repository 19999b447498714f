import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `finite-differences`: its question, its place in the lab and its figure (its words are ./words.md). */
export const chapter: ChapterContent = {
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
  labSection: 'fd',
  figure: retryable(() => import('./Figure.tsx')),
};
