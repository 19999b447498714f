import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `second-order`: its question, its place in the lab and its figure (its words are ./words.md). */
export const chapter: ChapterContent = {
  question: {
    prompt: 'How many passes over the 40-step chain does one H·v take?',
    choices: [
      {
        label: '2, like one gradient',
        why: 'It records once and sweeps once, but each value carries a tangent, and forward mode counts a tangent as a pass.',
      },
      {
        label: '4: two runs, each on dual numbers',
        why: (v) =>
          `A recording and a sweep, each carrying a tangent${v.hvpWork && v.gradWork ? `: ${v.hvpWork} passes against ${v.gradWork} for one gradient` : ''}${v.dualBytes && v.plainBytes ? `, a tape of ${v.dualBytes}, not ${v.plainBytes}` : ''}. ` +
          'Time is measured apart.',
      },
      {
        label: '6,400, one per Hessian entry',
        why: 'H·v never builds the Hessian: the direction v rides along on dual numbers, beside each value of the tape.',
      },
    ],
    answer: '4: two runs, each on dual numbers',
  },
  labSection: 'hvp',
  figure: retryable(() => import('./Figure.tsx')),
};
