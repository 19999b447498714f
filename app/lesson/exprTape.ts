import type { PlaygroundResult } from '../../engine/expr/playground.ts';
import { exprEngine } from '../../workers/playground/host.ts';
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
