import { adjointsKey, practiceNodes } from '../../../engine/practice/adjoints.ts';
import { recordPractice } from '../../../engine/practice/record.ts';
import type { AdjointsProblem } from '../../../engine/practice/types.ts';

/**
 * The hand-worked problem the diagnosis and reveal tests read: f = sin(x/y)·x at x = 2.8, y = 1.2
 * (v2 = x/y, v3 = sin v2, v4 = v3·x; x is read twice). Built from its text as a generated
 * problem is, so it stays fixed when the generator's levels change.
 */
export function handWorked(): AdjointsProblem {
  const expression = 'sin(x/y)*x';
  const at = { x: 2.8, y: 1.2 };
  const recorded = recordPractice(expression, at);
  return { kind: 'adjoints', seed: 0, level: 2, expression, at, nodes: practiceNodes(recorded), answer: adjointsKey(recorded) };
}
