import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `sweep`: its question, its place in the lab and its figure (its words are ./words.md). */
export const chapter: ChapterContent = {
  question: {
    prompt: 'Before the sweep starts: how much does z move per unit nudge of z itself?',
    choices: [
      { label: '0', why: 'Zero would mean that nudging z leaves z where it is. Does it?' },
      { label: '1', why: 'z moves one for one with itself: z̄ = 1. The sweep starts from this seed of 1.' },
      {
        label: (v) => `z’s own value${v.z === undefined ? '' : `, ${v.z}`}`,
        why: 'The adjoint is a rate, not a value: how far z moves per unit nudge of z, whatever z is.',
      },
    ],
    answer: '1',
  },
  wide: 'graph',
  labSection: 'playground',
  figure: retryable(() => import('./Figure.tsx')),
};
