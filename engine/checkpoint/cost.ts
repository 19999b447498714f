/**
 * What running a checkpoint schedule, and the frontier of every schedule, would cost, known
 * before either starts. A schedule's run evaluates a number of chain steps given in closed form
 * (periodic: 2T − ⌈T/k⌉; binomial: T + t(T, s), with t(T, 1) = T(T−1)/2, so one snapshot at
 * 100,000 steps is 5·10⁹ step evaluations); the frontier dry-runs 2T schedules of O(T) actions
 * each, O(T²) in all. Each count times a rate gives the time: the nominal rates below, measured
 * on a laptop, or rates timed on this machine (`measureCheckpointRates`, used by the cost plan).
 */
import { stepsOf, type ChainParams } from '../chain.ts';
import type { CheckpointEstimate, CheckpointRates } from '../report.ts';
import { revolveAdvances } from './binomial.ts';
import { executeSchedule } from './executor.ts';
import { frontier } from './frontier.ts';
import { periodicCounts } from './periodic.ts';
import { scheduleActions, type ScheduleSpec } from './spec.ts';

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

/**
 * Times both parts on `params` cut to `steps` steps (after a warm-up run; the faster of two):
 * the executor on the binomial schedule with 2 snapshots (about T·√(2T) evaluations) and the
 * frontier. About 30 ms at 128 steps.
 */
export function measureCheckpointRates(params: ChainParams, now: () => number, steps = 128): CheckpointRates {
  const T = Math.min(steps, stepsOf(params));
  const cut: ChainParams = { ...params, a: params.a.subarray(0, T), b: params.b.subarray(0, T) };
  const spec: ScheduleSpec = { schedule: 'revolve', snapshots: 2 };
  const fastest = (fn: () => unknown) => {
    fn();
    let best = Infinity;
    for (let i = 0; i < 2; i++) {
      const t0 = now();
      fn();
      best = Math.min(best, now() - t0);
    }
    return best;
  };
  const runMs = fastest(() => executeSchedule(cut, scheduleActions(T, spec)));
  const frontierMs = fastest(() => frontier(T));
  return {
    nsPerEvaluation: (runMs * 1e6) / scheduleEvaluations(T, spec),
    frontierNsPerStepSquared: (frontierMs * 1e6) / (T * T),
    fromSteps: T,
  };
}
