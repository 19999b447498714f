import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `second-order`: its words, its question and where its figure comes from. */
export const chapter: ChapterContent = {
  title: 'Second derivatives',
  body: (
    <>
      <p>
        A <dfn>second derivative</dfn> is a derivative of a derivative: a slope’s rate of change. The loss’s
        second derivatives form a table, the <dfn>Hessian</dfn> H: entry (i, j) is ∂²L/∂θᵢ∂θⱼ, θ being the P
        parameters. Most uses need only H times one direction v: the{' '}
        <dfn>Hessian-vector product</dfn> H·v.
      </p>
      <p>
        A <dfn>dual number</dfn> is a value with a tangent beside it: its rate of change as the inputs move along
        v. Run the tape on dual numbers: the inputs’ adjoint tangents are H·v. That is{' '}
        <dfn>forward over reverse</dfn>.
      </p>
    </>
  ),
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
  afterQuestion: (
    <p>
      vᵀHv is the <dfn>curvature</dfn> along v: how fast the slope along v grows. Optimizers need only H·v, never
      H itself.
    </p>
  ),
  labSection: 'hvp',
  figure: retryable(() => import('./Figure.tsx')),
};
