import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';
import './tensors.css';

/** Chapter `tensors`: its question, its place in the lab and its figure (its words are ./words.md). */
export const chapter: ChapterContent = {
  question: {
    prompt: 'With 16 hidden units, how many times more nodes does the scalar tape hold than the tensor tape?',
    choices: [
      {
        label: 'About 3 times',
        why: 'Every multiply and add of every matrix product is a node of its own on the scalar tape.',
      },
      {
        label: 'About 100 times',
        why: 'Count the scalar tape’s nodes: one multiply and one add for each term of every matrix product.',
      },
      {
        label: 'About 3,000 times',
        why: (v) =>
          v.scalarNodes === undefined || v.tensorNodes === undefined
            ? 'Each matrix product is one tensor node and thousands of scalar ones.'
            : `${v.scalarNodes} scalar nodes against ${v.tensorNodes} tensor nodes: ${v.ratio === undefined ? 'thousands of times' : v.ratio} as many.`,
      },
    ],
    answer: 'About 3,000 times',
  },
  labSection: 'tensor',
  figure: retryable(() => import('./Figure.tsx')),
};
