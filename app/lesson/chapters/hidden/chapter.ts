import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `hidden`: its question, its place in the lab and its figure (its words are ./words.md). */
export const chapter: ChapterContent = {
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
  figure: retryable(() => import('./Figure.tsx')),
};
