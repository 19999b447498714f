import type { PlaygroundOutcome, PlaygroundRequest } from '../../engine/expr/playground.ts';
import type { ExpressionPreset } from '../../engine/expr/presets.ts';

/** What the playground's worker (expr.worker.ts) answers. */
export interface ExprWorkerApi {
  /** The prepared expressions, as plain data. */
  presets(): ExpressionPreset[];
  /** One expression at one point: the gradients by three methods and the tape, or the parse error with its column. */
  evaluate(request: PlaygroundRequest): PlaygroundOutcome;
}

/** Anything that evaluates an expression asynchronously: the playground's worker, or a fake in tests. */
export interface ExprEvaluator {
  evaluate(request: PlaygroundRequest): Promise<PlaygroundOutcome>;
}
