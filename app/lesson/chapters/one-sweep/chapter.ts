import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `one-sweep`: its question, its place in the lab and its figure (its words are ./words.md). */
export const chapter: ChapterContent = {
  question: {
    prompt: 'From T = 100 to T = 200, P doubles. What does reverse mode’s cost for the whole gradient do?',
    choices: [
      {
        label: 'Stays about the same',
        why: (v) =>
          `2 passes at every T: one run records the tape, one sweep fills in all P gradients.${v.reverse200 && v.forward200 ? ` At T = 200: ≈ ${v.reverse200} runs of time, against ≈ ${v.forward200} for forward mode.` : ''}`,
      },
      {
        label: 'About doubles, like P',
        why: 'That is how forward mode (P + 1 passes) and central differences (2P + 1) grow: one or two passes per parameter. Does reverse mode make a pass per parameter?',
      },
      { label: 'About quadruples', why: 'Nothing here grows as P²: no method pairs every parameter with every other.' },
    ],
    answer: 'Stays about the same',
  },
  labSection: 'work',
  figure: retryable(() => import('./Figure.tsx')),
};
