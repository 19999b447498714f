import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `bugs`: its question, its place in the lab and its figure (its words are ./words.md). */
export const chapter: ChapterContent = {
  question: {
    prompt: 'A first training step calls backward() twice, without zero_grad(). What does .grad hold then?',
    choices: [
      {
        label: 'The right gradient',
        why: 'backward() adds into .grad (+=), as the sweep adds into an adjoint, and nothing here clears it between the two calls. What is in .grad when the second call starts?',
      },
      {
        label: 'Exactly twice the right gradient',
        why: (v) =>
          `Each call adds the same gradient into .grad${v.right && v.buggy ? `: ∂L/∂a₃₉ is ${v.buggy}, not ${v.right}` : ''}. A float added to itself is exact.`,
      },
      {
        label: 'About twice, with rounding noise',
        why: 'Think about what the second call adds: is it a different number, or the same one again? And does adding a float to itself round?',
      },
    ],
    answer: 'Exactly twice the right gradient',
  },
  labSection: 'bugs',
  figure: retryable(() => import('./Figure.tsx')),
};
