import type { PlaygroundResult } from '../../engine/expr/playground.ts';
import { exprEngine } from '../../workers/playground/host.ts';
import { num } from '../ui/tape/labels.ts';
import type { EventNumbers } from '../ui/tape/narrate.ts';
import type { LessonExpression } from './labLink.ts';
import { useAnswer, type Answer } from '../ui/teach/useAnswer.ts';

/**
 * The programs the first chapters study, each at its point. x = 1.5, so that the square's local
 * partial 2x = 3 cannot be read as "a square's derivative is 1" (at x = 0.5 it would be 1).
 */
export const FIVE_NODES: LessonExpression = { source: 'x*y + sin(x)', values: { x: 1.5, y: 4 } };
export const CARD: LessonExpression = { source: 'x*y + sin(x^2) - ln(y)', values: { x: 1.5, y: 4 } };

/** An expression recorded, swept and checked by the playground's worker. */
export function useExpression(expression: LessonExpression): Answer<PlaygroundResult> {
  const key = `${expression.source}@${JSON.stringify(expression.values)}`;
  return useAnswer(key, async () => {
    const outcome = await exprEngine.evaluate({ source: expression.source, at: expression.values });
    if (!outcome.ok) throw new Error(outcome.problem.message);
    return outcome.result;
  });
}

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
