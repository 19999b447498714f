import { retryable } from '../../../shell/retryable.ts';
import { TryOne } from '../../TryOne.tsx';
import type { ChapterContent } from '../row.ts';
import './checkpointing.css';

/** Chapter `checkpointing`: its words, its question and where its figure comes from. */
export const chapter: ChapterContent = {
  title: 'Checkpointing: buy memory back with compute',
  body: (
    <p>
      A <dfn>stored state</dfn> (a checkpoint) is one number, xₜ. A <dfn>recorded step</dfn> is a step taped on its
      own, with its own xₜ and c. The <dfn>working state</dfn> is the one being carried forward. Each is one{' '}
      <dfn>held item</dfn>. A periodic schedule stores one every k steps; going back, it reruns, records and sweeps
      k steps at a time.
    </p>
  ),
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
  afterAnswer: (
    <p>
      In bytes the best is √(T·S/R) (S, R in the caption): under 1, so store every state. Wide states make it √T again.
    </p>
  ),
  afterQuestion: (
    <>
      <p>
        <dfn>Revolve</dfn> (Griewank and Walther) reruns from a few stored states in the order that recomputes
        fewest steps.
      </p>
      <TryOne level={4} seed={4}>
        sweep one step like the chain’s, tanh(w·x + b), and its loss by hand; weight decay, 0.1·w², reads w a second
        time. On the way back the schedule sweeps each recorded step like this.
      </TryOne>
    </>
  ),
  labSection: 'checkpoint',
  figure: retryable(() => import('./Figure.tsx')),
};
