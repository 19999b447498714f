/**
 * What running a checkpoint schedule, and the frontier of every schedule, would cost, known
 * before either starts. A schedule's run evaluates a number of chain steps given in closed form
 * (periodic: 2T − ⌈T/k⌉; binomial: T + t(T, s), with t(T, 1) = T(T−1)/2, so one snapshot at
 * 100,000 steps is 5·10⁹ step evaluations); the frontier dry-runs 2T schedules of O(T) actions
 * each, O(T²) in all. The lab decides by the counts (engine/limits.ts); each count times the
 * nominal rate below, measured on a laptop, gives the time it quotes for a part left out.
 */
import type { CheckpointEstimate, CheckpointRates } from '../report.ts';
import { revolveAdvances } from './binomial.ts';
import { periodicCounts } from './periodic.ts';
import type { ScheduleSpec } from './spec.ts';

export type { CheckpointEstimate, CheckpointRates };

/** Nanoseconds per step evaluation of the executor (record or advance, with the reverse steps). */
export const NOMINAL_NS_PER_EVALUATION = 200;
/** Nanoseconds per T² of the frontier's dry runs (frontier(1000) ≈ 1.5 s). */
export const NOMINAL_FRONTIER_NS_PER_STEP_SQUARED = 1500;

export const NOMINAL_CHECKPOINT_RATES: CheckpointRates = {
  nsPerEvaluation: NOMINAL_NS_PER_EVALUATION,
  frontierNsPerStepSquared: NOMINAL_FRONTIER_NS_PER_STEP_SQUARED,
  fromSteps: null,
};

/**
 * Step evaluations (records and advances) of running `spec` on T steps, in closed form:
 * 2T − ⌈T/k⌉ for stride k, T + t(T, s) for s snapshots. Equals the executor's count.
 */
export function scheduleEvaluations(steps: number, spec: ScheduleSpec): number {
  return spec.schedule === 'periodic' ? periodicCounts(steps, spec.stride).stepEvaluations : steps + revolveAdvances(steps, spec.snapshots);
}

/** The estimate of running `spec` on T steps in the executor: its evaluations (and as many reverse steps) at the rate. */
export function scheduleRunEstimate(steps: number, spec: ScheduleSpec, rates: CheckpointRates = NOMINAL_CHECKPOINT_RATES): CheckpointEstimate {
  const count = scheduleEvaluations(steps, spec);
  return { count, ms: (count * rates.nsPerEvaluation) / 1e6, fromSteps: rates.fromSteps };
}

/** The estimate of the frontier at T steps: 2T schedules dry-run, the time as T² at the rate. */
export function frontierEstimate(steps: number, rates: CheckpointRates = NOMINAL_CHECKPOINT_RATES): CheckpointEstimate {
  return { count: 2 * steps, ms: (steps * steps * rates.frontierNsPerStepSquared) / 1e6, fromSteps: rates.fromSteps };
}
