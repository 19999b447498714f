import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `tape-price`: its words, its question and where its figure comes from. */
export const chapter: ChapterContent = {
  title: 'The tape is the price',
  body: (
    <p>
      The sweep needs values from the forward run: each step’s local partials depend on its x, a and b. So the
      tape keeps them all until the sweep has passed them.
    </p>
  ),
  question: {
    prompt: 'From T = 100 to T = 200 steps, what does the tape’s memory do?',
    choices: [
      { label: 'Stays about the same', why: 'Every step writes its own nodes, and none can be dropped before the sweep has passed them.' },
      {
        label: 'About doubles',
        why: (v) =>
          v.stepNodes
            ? `Each step adds the same ${v.stepNodes} nodes of ${v.nodeBytes} bytes: its leaves a and b and the ${v.stepPrimitives} primitives of ϕ; only ${v.fixedNodes} ` +
              `(x₀, c and the loss) do not grow. ${v.nodes100} nodes at T = 100, ${v.nodes200} at T = 200: a straight line in T.`
            : 'Each step adds the same nodes: its two leaves, a and b, and the primitives of ϕ. The tape grows in a straight line with T.',
      },
      { label: 'About quadruples', why: 'That would need each step’s record to grow with T. Does a step write more nodes when more steps come after it?' },
    ],
    answer: 'About doubles',
  },
  afterQuestion: (
    <>
      <p>Memory, not arithmetic, is the price of reverse mode. There are three ways to pay:</p>
      <ul className="options">
        <li>keep the whole tape: a fast sweep, a large tape;</li>
        <li>keep almost nothing: a tiny tape, and the chain run again for every step back;</li>
        <li>
          keep a few <dfn>checkpoints</dfn>, stored states xₜ to restart from, and recompute between them.
        </li>
      </ul>
    </>
  ),
  labSection: 'checkpoint',
  figure: retryable(() => import('./Figure.tsx')),
};
