import type { PlaygroundOutcome, PlaygroundRequest } from '../../engine/expr/playground.ts';
import type { ExpressionPreset } from '../../engine/expr/presets.ts';
import type { ExprSecondOrder } from '../../engine/second-order/expr-check.ts';

/** An expression, a point and a direction v (a value per variable) for its second derivatives. */
export interface SecondOrderRequest {
  source: string;
  at: Record<string, number>;
  direction: Record<string, number>;
}

/** What the playground's worker (expr.worker.ts) answers. */
export interface ExprWorkerApi {
  /** The prepared expressions, as plain data. */
  presets(): ExpressionPreset[];
  /** One expression at one point: the gradients by three methods and the tape, or the parse error with its column. */
  evaluate(request: PlaygroundRequest): PlaygroundOutcome;
  /** Its full Hessian and H·v along the direction, by forward over reverse (throws on a bad expression, as the engine does). */
  secondOrder(request: SecondOrderRequest): ExprSecondOrder;
}

/** Anything that evaluates an expression asynchronously: the playground's worker, or a fake in tests. */
export interface ExprEvaluator {
  evaluate(request: PlaygroundRequest): Promise<PlaygroundOutcome>;
}
