import type { ChainParams } from './chain.ts';
import {
  MACHINE_EPSILON,
  centralDifferencesFrom,
  epsilonGrid,
  gradientError,
  thirdDerivatives,
  type EvaluationCount,
} from './finite-difference.ts';
import type { GradientPair, SweepPoint } from './report.ts';

/** What the sweep over epsilon leaves: its points and the curvature its truncation model used. */
export interface SweepResult {
  sweep: SweepPoint[];
  /** RMS over parameters of ∂³L/∂θ³, or NaN when the third derivatives were not asked for. */
  thirdRms: number;
}

/**
 * The sweep over epsilon: the central-difference gradient at every h of `epsilonGrid`, each
 * compared with the exact gradient, beside the two models of its error (truncation h²|f‴|/6 and
 * rounding ε|f|/h). A generator that yields the fraction done after each point, so a caller can
 * pause or stop between points; `states` are the chain's x_0 … x_T, `loss` its loss. The lab run
 * and the cost estimate (engine/cost-plan.ts) both run this one loop.
 */
export function* sweepOverEpsilon(
  params: ChainParams,
  states: Float64Array,
  exact: GradientPair & { loss: number },
  count: EvaluationCount,
  withThird: boolean,
): Generator<number, SweepResult, void> {
  const third = withThird ? thirdDerivatives(params, states, count) : null;
  const thirdRms = third ? rmsOf(third) : NaN;
  const f = Math.abs(exact.loss);
  const grid = epsilonGrid();
  const sweep: SweepPoint[] = [];
  yield 0;
  for (const h of grid) {
    const g = centralDifferencesFrom(params, states, h, count);
    const e = gradientError(g, exact);
    sweep.push({
      eps: h,
      rms: e.rms,
      maxRelative: e.maxRelative,
      truncation: (h * h * thirdRms) / 6,
      rounding: (MACHINE_EPSILON * f) / h,
    });
    yield sweep.length / grid.length;
  }
  return { sweep, thirdRms };
}

/** The RMS over all 2T components of a gradient. */
export function rmsOf(g: GradientPair): number {
  let s = 0;
  for (let t = 0; t < g.a.length; t++) s += g.a[t] * g.a[t] + g.b[t] * g.b[t];
  return Math.sqrt(s / (2 * g.a.length));
}
