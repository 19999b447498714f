import { retryable } from '../../../shell/retryable.ts';
import { TryOne } from '../../TryOne.tsx';
import type { ChapterContent } from '../row.ts';

/** Chapter `sweep`: its words, its question and where its figure comes from. */
export const chapter: ChapterContent = {
  title: 'The backward sweep',
  body: (
    <>
      <p>
        Now read the tape backward. Give every value v an <dfn>adjoint</dfn>, written v̄: how much the output z
        moves per unit nudge of v, or v’s blame for z.
      </p>
      <p>
        This backward reading is the <dfn>sweep</dfn>. It starts at z, newest row first. Each row passes blame to the
        values it read: its own adjoint times its local partial, one <dfn>sweep event</dfn> per edge. That is the chain
        rule.
      </p>
      <p>
        x is read twice, by x·y and by x². A value read more than once is a <dfn>fan-out</dfn>: the figure counts
        its shares as they arrive (1 of 2, then 2 of 2).
      </p>
    </>
  ),
  question: {
    prompt: 'Before the sweep starts: how much does z move per unit nudge of z itself?',
    choices: [
      { label: '0', why: 'Zero would mean that nudging z leaves z where it is. Does it?' },
      { label: '1', why: 'z moves one for one with itself: z̄ = 1. The sweep starts from this seed of 1.' },
      {
        label: (v) => `z’s own value${v.z === undefined ? '' : `, ${v.z}`}`,
        why: 'The adjoint is a rate, not a value: how far z moves per unit nudge of z, whatever z is.',
      },
    ],
    answer: '1',
  },
  afterQuestion: (
    <>
      <p className="todo">
        <strong>Try:</strong> step the sweep back to x and y.
      </p>
      <TryOne level={1} seed={3}>
        sweep a chain of three or four primitives by hand. Type each adjoint, from the output back; Check marks each one.
      </TryOne>
    </>
  ),
  wide: 'graph',
  labSection: 'playground',
  figure: retryable(() => import('./Figure.tsx')),
};
