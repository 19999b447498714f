import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';
import './checkpointing.css';

/** Chapter `checkpointing`: its question, its place in the lab and its figure (its words are ./words.md). */
export const chapter: ChapterContent = {
  question: {
    // The figure's chain: T = 36, so that √T = 6 is a whole stride.
    prompt: 'T = 36. Which stride holds the fewest items at once?',
    choices: [
      {
        label: 'k = 1: keep every state',
        why: (v) => `Stride 1 stores a state at every step but the last: ${v.items1 ?? 'many'} items at once. Fewer checkpoints mean more recorded steps at once: where do the two balance?`,
      },
      {
        label: 'k = 6: a checkpoint every 6 steps',
        why: (v) =>
          `About T/k stored states and k recorded steps balance at k = √36 = 6: ${v.items6 ?? 'the fewest'} items${v.parts6 ? ` (${v.parts6})` : ''}.`,
      },
      {
        label: 'k = 36: keep only the start',
        why: (v) => `Only the start is stored, and then all 36 steps are recorded at once on the way back: ${v.items36 ?? 'every step'} items. Where do checkpoints and recorded steps balance?`,
      },
    ],
    answer: 'k = 6: a checkpoint every 6 steps',
  },
  labSection: 'checkpoint',
  figure: retryable(() => import('./Figure.tsx')),
};
