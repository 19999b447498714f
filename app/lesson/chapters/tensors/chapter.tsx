import { retryable } from '../../../shell/retryable.ts';
import { Formula } from '../../../ui/formulas/Formula.tsx';
import type { ChapterContent } from '../row.ts';
import './tensors.css';

/** Chapter `tensors`: its words, its question and where its figure comes from. */
export const chapter: ChapterContent = {
  title: 'From scalars to tensors',
  body: (
    <>
      <p>
        Real networks work on arrays of numbers, <dfn>tensors</dfn>. The rules do not change: each operation is a
        node on the tape, and passes blame back by a vector-Jacobian product. For a matrix product Y = XW:
      </p>
      <Formula name="matmul" />
      <p>
        A tensor tape writes one node per matrix operation, not one per multiply and add. Here a small network with
        16 hidden units (values between its input and output) takes one <dfn>training step</dfn> (run, sweep,
        update) on 200 points, recorded both ways. Both counts include the parameters, not the data X.
      </p>
    </>
  ),
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
