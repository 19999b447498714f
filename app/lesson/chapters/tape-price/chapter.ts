import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `tape-price`: its question, its place in the lab and its figure (its words are ./words.md). */
export const chapter: ChapterContent = {
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
  labSection: 'checkpoint',
  figure: retryable(() => import('./Figure.tsx')),
};
