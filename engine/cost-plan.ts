/**
 * Which of the parts whose cost grows as T² a lab run leaves out, and what each left out would
 * have cost. Reverse mode and the checkpointed sweep grow as T and always run (the checkpoint
 * parts are decided by their own counts, engine/checkpoint/lab-schedule.ts); forward mode (P = 2T
 * lanes through T steps), central differences (2P loss evaluations over prefixes averaging T/2
 * steps) and the sweep over epsilon (34 central-difference gradients and the third derivatives)
 * grow as T².
 *
 * The decision is counted work, never a timing: each part has a fixed step limit
 * (engine/limits.ts), the same on every machine and under any load, so a run at the same settings
 * leaves out the same parts every time. A part left out comes with its work, counted at two short
 * lengths and extrapolated along the straight line it follows (in passes over the chain).
 */
import { defaultParams, type ChainParams } from './chain.ts';
import { baseStates, centralDifferencesFrom, newEvaluationCount } from './finite-difference.ts';
import { forwardGradient } from './forward.ts';
import { MIN_TRIAL_STEPS } from './method-times.ts';
import { FINITE_DIFFERENCE_STEP_LIMIT, FORWARD_STEP_LIMIT, SWEEP_STEP_LIMIT } from './limits.ts';
import type { CostlyPart, LabSettings, PartEstimate, PartEstimates } from './report.ts';
import { reverseGradient } from './reverse.ts';
import { finish } from './slicing.ts';
import { sweepOverEpsilon } from './sweep.ts';

export const COSTLY_PARTS: readonly CostlyPart[] = ['forward', 'finiteDifference', 'sweep'];

/** Above how many steps each costly part is left out (engine/limits.ts). */
export const PART_STEP_LIMITS: Record<CostlyPart, number> = {
  forward: FORWARD_STEP_LIMIT,
  finiteDifference: FINITE_DIFFERENCE_STEP_LIMIT,
  sweep: SWEEP_STEP_LIMIT,
};

/**
 * The chain length a part whose cost grows as T² is timed on before its time is scaled to a longer
 * chain (engine/method-times.ts's MIN_TRIAL_STEPS; `tape-lab bench` times its T² methods there too).
 * It decides no skip: the step limits do.
 */
export const PROBE_STEPS = MIN_TRIAL_STEPS;

/** The two short chain lengths the work is counted at. */
export const COUNT_STEPS: readonly [number, number] = [16, 32];

/** One run of a part on `params`: its work in passes, counted by the code that did the work. */
export function runPart(part: CostlyPart, params: ChainParams, eps: number): number {
  const T = params.a.length;
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

/** Each part's work at COUNT_STEPS, counted once (it depends on the length alone). */
let counted: Record<CostlyPart, readonly [number, number]> | null = null;

/** Each part's work counted on the documented chain at the two COUNT_STEPS lengths. */
export function countedWork(): Record<CostlyPart, readonly [number, number]> {
  if (counted) return counted;
  const [t1, t2] = COUNT_STEPS;
  const work = {} as Record<CostlyPart, readonly [number, number]>;
  for (const part of COSTLY_PARTS) work[part] = [runPart(part, defaultParams(t1), 1e-5), runPart(part, defaultParams(t2), 1e-5)];
  counted = work;
  return work;
}

/** A part's work at `steps`, along the line through its two counts, and why it is left out. */
export function estimatePart(part: CostlyPart, steps: number): PartEstimate {
  const [t1, t2] = COUNT_STEPS;
  const [w1, w2] = countedWork()[part];
  return { workUnits: w1 + ((w2 - w1) * (steps - t1)) / (t2 - t1), limit: PART_STEP_LIMITS[part], countedAt: COUNT_STEPS };
}

/** The chain length a run's settings describe: their explicit parameters' length, else the steps. */
export function stepsOfSettings(settings: LabSettings): number {
  return settings.params ? settings.params.a.length : settings.steps;
}

/** What a run at some length runs, and the estimates of what it leaves out. */
export interface CostPlan {
  runs: Record<CostlyPart, boolean>;
  estimates: PartEstimates;
}

/**
 * Which costly parts run at `steps`: each up to its step limit (engine/limits.ts); the sweep also
 * needs central differences (it reuses their states). The estimates of the parts left out are returned.
 */
export function planCosts(steps: number): CostPlan {
  const runs = {} as Record<CostlyPart, boolean>;
  const estimates: PartEstimates = {};
  for (const part of COSTLY_PARTS) {
    runs[part] = steps <= PART_STEP_LIMITS[part];
    if (part === 'sweep' && !runs.finiteDifference) runs[part] = false;
    if (!runs[part]) estimates[part] = estimatePart(part, steps);
  }
  return { runs, estimates };
}

/** The parts' names in a sentence. */
const PART_NAMES: Record<CostlyPart, string> = {
  forward: 'forward mode is',
  finiteDifference: 'central differences are',
  sweep: 'the sweep over epsilon is',
};

/** Why a part is left out, in words: "not run above 10,000 steps: it would take ≈ 40,001 passes (work counted at 16 and 32 steps)". */
export function skipReason(part: CostlyPart, e: PartEstimate): string {
  return `not run above ${e.limit.toLocaleString('en-US')} steps: ${part === 'finiteDifference' ? 'they' : 'it'} would take ≈ ${Math.round(e.workUnits).toLocaleString('en-US')} passes (work counted at ${e.countedAt[0]} and ${e.countedAt[1]} steps)`;
}

/**
 * The settings of a run that follows the plan for its length: each costly part past its step
 * limit is left out (a part the caller already left out stays out), and one warning per part
 * asked for and left out says why and what it would have cost. The sweep's estimate is kept only
 * when the caller asked for the sweep.
 */
export function followPlan(settings: LabSettings, plan: CostPlan = planCosts(stepsOfSettings(settings))): { settings: LabSettings; estimates: PartEstimates; warnings: string[] } {
  const include = { ...settings.include };
  const estimates: PartEstimates = {};
  const warnings: string[] = [];
  for (const part of COSTLY_PARTS) {
    const asked = include[part] ?? true;
    include[part] = asked && plan.runs[part];
    const estimate = plan.estimates[part];
    if (asked && estimate) {
      estimates[part] = estimate;
      warnings.push(`${PART_NAMES[part]} ${skipReason(part, estimate)}`);
    }
  }
  if (include.sweep === false) include.thirdDerivatives = false;
  // The checkpointed run and the frontier are decided by the lab from their own counts
  // (engine/checkpoint/lab-schedule.ts): a frontier asked for is left to that decision too, so
  // the lab may leave it out and say why; one the caller left out stays out.
  if (include.frontier !== false) delete include.frontier;
  return { settings: { ...settings, include }, estimates, warnings };
}
