import { retryable } from '../../../shell/retryable.ts';
import { chapterNumber } from '../order.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `bugs`: its words, its question and where its figure comes from. */
export const chapter: ChapterContent = {
  title: 'The bugs you will meet',
  body: (
    <>
      <p>
        In PyTorch, <code>loss.backward()</code> is the sweep of chapter {chapterNumber('sweep')}, and each parameter’s{' '}
        <code>.grad</code> holds its adjoint. Its common bugs are tape mistakes: here each runs on the 40-step
        chain’s real tape.
      </p>
      <p>
        <dfn>zero_grad()</dfn> sets every <code>.grad</code> back to 0. <dfn>detach()</dfn> gives a copy of a value
        that the tape treats as a constant: chapter {chapterNumber('hidden')}’s stop-gradient. An <dfn>in-place</dfn> operation, such as{' '}
        <code>x.mul_(2)</code>, changes a value where it is stored instead of making a new one. By default the sweep
        frees the tape’s saved values as it passes them; <dfn>retain_graph</dfn>=True keeps them.
      </p>
    </>
  ),
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
