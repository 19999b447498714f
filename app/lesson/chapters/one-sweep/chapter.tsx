import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `one-sweep`: its words, its question and where its figure comes from. */
export const chapter: ChapterContent = {
  title: 'Why one sweep gives every gradient',
  body: (
    <p>
      The chain has P = 2T parameters. The <dfn>gradient</dfn> is all P derivatives ∂L/∂aₜ, ∂L/∂bₜ. Cost is
      counted in <dfn>passes</dfn> over the chain and measured in runs of time (plain runs).{' '}
      <dfn>Reverse mode</dfn> records a tape and sweeps it back. <dfn>Forward mode</dfn> carries P
      derivatives beside each value: P + 1 passes. <dfn>Central differences</dfn> nudge each parameter both ways: 2P
      + 1.
    </p>
  ),
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
  afterAnswer: (
    <p>
      The <dfn>cheap-gradient result</dfn>: reverse mode costs a small constant times one run, whatever P. The
      figure measures that constant in time, on this machine.
    </p>
  ),
  labSection: 'work',
  figure: retryable(() => import('./Figure.tsx')),
};
