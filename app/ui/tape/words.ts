import type { PlaygroundResult } from '../../../engine/expr/playground.ts';
import { num } from './labels.ts';
import type { EventNumbers } from './narrate.ts';

/** How a node reads in the lesson: its source text with × and ², 'z' for the output. */
export function nodeWords(result: Pick<PlaygroundResult, 'labels' | 'tape'>, i: number): string {
  if (i === result.tape.output) return 'z';
  return result.labels[i].replace(/\*/g, '·').replace(/\^2/g, '²').replace(/ - /g, ' − ');
}

/** One sweep event as a sentence: "z passes 1 × 1 = 1 back to x·y, which now holds 1." */
export function eventWords(result: Pick<PlaygroundResult, 'labels' | 'tape'>, e: EventNumbers, overwrite = false): string {
  const from = nodeWords(result, e.node);
  const to = nodeWords(result, e.parent);
  const verb = overwrite ? 'writes over' : e.ordinal > 1 ? 'adds to' : 'passes to';
  return `${from} ${verb} ${to}: local partial ${num(e.partial)} × adjoint ${num(e.nodeAdjoint)} = ${num(e.contribution)}. The adjoint of ${to} is now ${num(e.parentAdjoint)}.`;
}
