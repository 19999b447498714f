import { retryable } from '../../../shell/retryable.ts';
import { TryOne } from '../../TryOne.tsx';
import { chapterNumber } from '../order.ts';
import type { ChapterContent } from '../row.ts';

/** Chapter `fan-out`: its words, its question and where its figure comes from. */
export const chapter: ChapterContent = {
  title: 'A value read twice',
  body: (
    <>
      <p>
        x is a fan-out: blame reaches it by two paths, through x·y and x². What must the sweep do with the second
        share?
      </p>
    </>
  ),
  question: {
    prompt: 'If the sweep set x̄ = share instead of x̄ += share, what would it report for ∂z/∂x?',
    choices: [
      {
        label: 'The same answer',
        why: 'The two paths carry different shares. With =, what becomes of the first share when the second arrives?',
      },
      {
        label: 'Only the share that arrives last',
        why: (v) =>
          `The path through x·y arrives last and sends y = ${v.overwritten ?? '4'}; the path through x² is lost. The right answer is their sum${v.sum === undefined ? '' : `, ${v.sum}`}.`,
      },
      { label: 'Zero', why: 'Each write puts a share into x̄, and nothing sets it back to 0 afterwards.' },
    ],
    answer: 'Only the share that arrives last',
  },
  afterAnswer: (
    <p>
      The chain rule says paths that meet add up. So the sweep adds each share into the adjoint (+=) and never
      writes over it (=).
    </p>
  ),
  afterQuestion: (
    <>
      <p className="todo">
        <strong>Try:</strong> switch the sweep. The last column is a referee with no tape: central differences,
        which nudge each input both ways (chapter {chapterNumber('finite-differences')}).
      </p>
      <TryOne level={2} seed={265}>
        x is read twice. Add its two shares; Check says so if one was written over.
      </TryOne>
    </>
  ),
  wide: 'figure',
  labSection: 'pitfall',
  figure: retryable(() => import('./Figure.tsx')),
};
