import { defaultParams, MIN_STEPS } from './chain.ts';
import { centralDifferenceGradient } from './finite-difference.ts';
import { forwardGradient } from './forward.ts';
import { reverseGradient } from './reverse.ts';
import { interleavedTimes } from './tensor/measure.ts';

/** The longest chain timed: the three gradients at T = 1000 take about a second together. */
export const TIMING_MAX_STEPS = 1000;

/** Milliseconds for one whole gradient of the default chain of `steps` steps, by each method. */
export interface GradientTiming {
  steps: number;
  /** P = 2T parameters. */
  parameters: number;
  /** The fastest batch's mean time per gradient (see interleavedTimes), in milliseconds. */
  reverseMs: number;
  forwardMs: number;
  finiteDifferenceMs: number;
}

/**
 * Times the three gradients of the default chain at each length, in alternation so the three
 * see the same machine: reverse mode (record the tape, sweep it back), forward mode (all P
 * tangent lanes in one pass) and central differences (h = 1e-5, prefix reuse as in the lab).
 * `minMs` is spent per length; lengths outside the lab's range are refused.
 */
export function timeGradients(steps: readonly number[], minMs = 60): GradientTiming[] {
  return steps.map((T) => {
    if (!Number.isInteger(T) || T < MIN_STEPS || T > TIMING_MAX_STEPS) {
      throw new RangeError(`steps must be a whole number from ${MIN_STEPS} to ${TIMING_MAX_STEPS}`);
    };
    const params = defaultParams(T);
    const [reverseMs, forwardMs, finiteDifferenceMs] = interleavedTimes(
      [() => reverseGradient(params), () => forwardGradient(params), () => centralDifferenceGradient(params, 1e-5)],
      minMs,
    );
    return { steps: T, parameters: 2 * T, reverseMs, forwardMs, finiteDifferenceMs };
  });
}
