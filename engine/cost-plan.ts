/**
 * Which of the methods whose cost grows as T² a lab run can afford, and what the others would
 * cost. Reverse mode and the checkpointed sweep grow as T and always run; forward mode (P = 2T
 * lanes through T steps), central differences (2P loss evaluations over prefixes averaging T/2
 * steps) and the sweep over epsilon (34 central-difference gradients and the third derivatives)
 * grow as T². At 100,000 steps forward mode would take minutes. The app runs a part only when
 * its estimate fits in about a second, and shows the estimate, marked as one, where it does not.
 *
 * The estimates come from runs of shorter chains, never from a formula: the work is counted at
 * two short lengths and extrapolated along the straight line it follows; the time is measured at
 * PROBE_STEPS and scaled by (T / PROBE_STEPS)².
 */
import { defaultParams, stepsOf, type ChainParams } from './chain.ts';
import { baseStates, centralDifferencesFrom, newEvaluationCount } from './finite-difference.ts';
import { forwardGradient } from './forward.ts';
import { measureCheckpointRates, type CheckpointRates } from './checkpoint/cost.ts';
import { RUN_BUDGET_MS } from './limits.ts';
import type { CostlyPart, LabSettings, PartEstimate, PartEstimates } from './report.ts';
import { truncate } from './method-times.ts';
import { durationText } from './number-text.ts';
import { reverseGradient } from './reverse.ts';
import { finish } from './slicing.ts';
import { sweepOverEpsilon } from './sweep.ts';

export const COSTLY_PARTS: readonly CostlyPart[] = ['forward', 'finiteDifference', 'sweep'];

export { RUN_BUDGET_MS };

/** The chain length the parts are timed at: long enough that their T² work dwarfs per-run overheads. */
export const PROBE_STEPS = 256;

/** The two short chain lengths the work is counted at. */
export const COUNT_STEPS: readonly [number, number] = [16, 32];

/** What the parts cost on short chains: the time at `steps`, and the work counted at COUNT_STEPS. */
export interface CostProbe {
  steps: number;
  ms: Record<CostlyPart, number>;
  work: Record<CostlyPart, readonly [number, number]>;
  /** The checkpoint parts' rates (the schedule's run, the frontier), timed at 128 steps. */
  checkpoint: CheckpointRates;
}

/** One run of a part on `params`: its work units, counted by the code that did the work. */
export function runPart(part: CostlyPart, params: ChainParams, eps: number): number {
  const T = stepsOf(params);
  switch (part) {
    case 'forward':
      return forwardGradient(params, { recordTangents: false }).workUnits;
    case 'finiteDifference': {
      const count = newEvaluationCount();
      centralDifferencesFrom(params, baseStates(params, count), eps, count);
      return count.evaluations;
    }
    case 'sweep': {
      const count = newEvaluationCount();
      const states = baseStates(params, newEvaluationCount());
      finish(sweepOverEpsilon(params, states, reverseGradient(params), count, true));
      return count.steps / T;
    }
  }
}

/**
 * Times each costly part on the first PROBE_STEPS steps of the chain (the faster of two runs,
 * after one to warm the compiler up) and counts its work at COUNT_STEPS. About 0.2 s in all;
 * the costs depend on the length alone, so a caller measures once and keeps the probe.
 */
export function probeCosts(params: ChainParams, eps: number, now: () => number): CostProbe {
  const steps = Math.min(PROBE_STEPS, stepsOf(params));
  const probe = truncate(params, steps);
  const ms = {} as Record<CostlyPart, number>;
  const work = {} as Record<CostlyPart, readonly [number, number]>;
  for (const part of COSTLY_PARTS) {
    runPart(part, truncate(params, Math.min(steps, 64)), eps);
    let best = Infinity;
    for (let i = 0; i < 2; i++) {
      const t0 = now();
      runPart(part, probe, eps);
      best = Math.min(best, now() - t0);
    }
    ms[part] = best;
    const [t1, t2] = COUNT_STEPS;
    // The work depends on the length alone: counted on the documented chain of each length.
    const scalars = { c: params.c, x0: params.x0, target: params.target };
    work[part] = [runPart(part, defaultParams(t1, scalars), eps), runPart(part, defaultParams(t2, scalars), eps)];
  }
  return { steps, ms, work, checkpoint: measureCheckpointRates(params, now) };
}

/** A part's estimate at `steps`: work along the line through its two counts, time scaled as T². */
export function estimatePart(part: CostlyPart, probe: CostProbe, steps: number): PartEstimate {
  const [t1, t2] = COUNT_STEPS;
  const [w1, w2] = probe.work[part];
  return {
    workUnits: w1 + ((w2 - w1) * (steps - t1)) / (t2 - t1),
    ms: probe.ms[part] * (steps / probe.steps) ** 2,
    fromSteps: probe.steps,
  };
}

/** The chain length a run's settings describe: their explicit parameters' length, else the steps. */
export function stepsOfSettings(settings: LabSettings): number {
  return settings.params ? settings.params.a.length : settings.steps;
}

/** What a run at some length can afford, and the estimates of what it cannot. */
export interface CostPlan {
  runs: Record<CostlyPart, boolean>;
  estimates: PartEstimates;
  /** The rates the checkpoint parts are estimated at (the lab decides those itself, before it runs them). */
  checkpointRates: CheckpointRates;
}

/**
 * Which costly parts fit in `budgetMs` each at `steps`. A part is run when the chain is no
 * longer than the probe (it was just run there) or its estimate fits; the sweep also needs
 * central differences (it reuses their states). The estimates of the parts not run are returned.
 */
export function planCosts(steps: number, probe: CostProbe, budgetMs = RUN_BUDGET_MS): CostPlan {
  const runs = {} as Record<CostlyPart, boolean>;
  const estimates: PartEstimates = {};
  for (const part of COSTLY_PARTS) {
    const estimate = estimatePart(part, probe, steps);
    runs[part] = steps <= probe.steps || estimate.ms <= budgetMs;
    if (part === 'sweep' && !runs.finiteDifference) runs[part] = false;
    if (!runs[part]) estimates[part] = estimate;
  }
  return { runs, estimates, checkpointRates: probe.checkpoint };
}

/** The parts' names in a sentence. */
const PART_NAMES: Record<CostlyPart, string> = {
  forward: 'forward mode is',
  finiteDifference: 'central differences are',
  sweep: 'the sweep over epsilon is',
};

/**
 * The settings of a run that follows the plan: each costly part the plan cannot afford is left
 * out (a part the caller already left out stays out), and one warning per part not run says
 * what it would have cost. The sweep's estimate is kept only when the caller asked for the sweep.
 */
export function followPlan(settings: LabSettings, plan: CostPlan): { settings: LabSettings; estimates: PartEstimates; warnings: string[] } {
  const include = { ...settings.include };
  const estimates: PartEstimates = {};
  const warnings: string[] = [];
  for (const part of COSTLY_PARTS) {
    const asked = include[part] ?? true;
    include[part] = asked && plan.runs[part];
    const estimate = plan.estimates[part];
    if (asked && estimate) {
      estimates[part] = estimate;
      warnings.push(`${PART_NAMES[part]} not run at this length: it would take ${durationText(estimate.ms)} (≈ ${Math.round(estimate.workUnits).toLocaleString('en-US')} passes), estimated from a run at ${estimate.fromSteps} steps`);
    }
  }
  if (include.sweep === false) include.thirdDerivatives = false;
  // The checkpointed run and the frontier are estimated by the lab before it starts them
  // (engine/checkpoint/lab-schedule.ts), at the rates timed here. A frontier asked for is left
  // to that estimate too (O(T²) actions: at 100,000 steps hours), so the lab may leave it out
  // and say why; one the caller left out stays out.
  if (include.frontier !== false) delete include.frontier;
  return { settings: { ...settings, include, checkpointRates: plan.checkpointRates }, estimates, warnings };
}
