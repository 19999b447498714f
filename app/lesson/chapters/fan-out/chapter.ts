import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `fan-out`: its question, its place in the lab and its figure (its words are ./words.md). */
export const chapter: ChapterContent = {
  question: {
    prompt: 'If the sweep set x̄ = share instead of x̄ += share, what would it report for ∂z/∂x?',
    choices: [
      {
        label: 'The same answer',
        why: 'The two paths carry different shares. With =, what becomes of the first share when the second arrives?',
      },
      {
        label: 'Only the share that arrives last',
        why: (v) =>
          `The path through x·y arrives last and sends y = ${v.overwritten ?? '4'}; the path through x² is lost. The right answer is their sum${v.sum === undefined ? '' : `, ${v.sum}`}.`,
      },
      { label: 'Zero', why: 'Each write puts a share into x̄, and nothing sets it back to 0 afterwards.' },
    ],
    answer: 'Only the share that arrives last',
  },
  wide: 'figure',
  labSection: 'pitfall',
  figure: retryable(() => import('./Figure.tsx')),
};
