import { defaultParams, stepsOf, type ChainParams } from './chain.ts';
import { memoryModel } from './checkpoint/bytes.ts';
import { frontier, type Frontier } from './checkpoint/frontier.ts';
import { checkpointWork } from './checkpoint/lab-schedule.ts';
import { baseStates, centralDifferencesFrom, newEvaluationCount, type EvaluationCount } from './finite-difference.ts';
import { forwardGradient, type ForwardResult } from './forward.ts';
import type { LabSettings, WorkPoint } from './report.ts';
import { reverseGradient, type ReverseResult } from './reverse.ts';
import { CHAIN_DEFAULTS } from './settings-table.ts';
import type { CachedPart } from './cached-parts.ts';
import { finish } from './slicing.ts';
import { sweepOverEpsilon, type SweepResult } from './sweep.ts';

/** Chain lengths the Work panel's curves are counted at (plus the current one). */
export const WORK_CURVE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200];

/** The parameters a settings object describes: explicit a and b, or the documented defaults. */
export function paramsOf(settings: LabSettings): ChainParams {
  const scalars = { c: settings.c, x0: settings.x0, target: settings.target };
  if (settings.params) {
    return { a: Float64Array.from(settings.params.a), b: Float64Array.from(settings.params.b), ...scalars };
  }
  return defaultParams(settings.steps, scalars);
}

/**
 * What one run derives from its settings, each piece on first use and then kept: the chain's
 * parameters, its taped reverse run, its forward run, its base states. A piece reads the settings
 * only when first asked for, so what a part of the report reads of the settings is what it uses
 * (test/engine/lab-parts.test.ts records the reads of each part).
 */
export class RunInputs {
  /** Central-difference evaluations, counted by the code that does them (the base states among them). */
  readonly fdCount: EvaluationCount = newEvaluationCount();
  #params: ChainParams | undefined;
  #reverse: ReverseResult | undefined;
  #forward: ForwardResult | undefined;
  #states: Float64Array | undefined;

  constructor(readonly settings: LabSettings) {}

  /** The chain's length: `params.a.length` with explicit parameters, else the steps. */
  get steps(): number {
    return this.#params ? stepsOf(this.#params) : this.settings.params ? this.settings.params.a.length : this.settings.steps;
  }

  get params(): ChainParams {
    return (this.#params ??= paramsOf(this.settings));
  }

  get reverse(): ReverseResult {
    return (this.#reverse ??= reverseGradient(this.params));
  }

  /** Forward mode's run; the first call decides whether it keeps the tangent table. */
  forward(recordTangents: boolean): ForwardResult {
    return (this.#forward ??= forwardGradient(this.params, { recordTangents }));
  }

  /** x_0 … x_T in plain floats, the base of every central difference (counted in `fdCount`). */
  get states(): Float64Array {
    return (this.#states ??= baseStates(this.params, this.fdCount));
  }
}

/** What the sweep part of a report holds. */
export type SweepPart = SweepResult;

/**
 * The sweep over epsilon on the run's chain, yielding the fraction done after each point (the
 * long part of a run; see engine/sweep.ts).
 */
export function sweepPart(run: RunInputs, count: EvaluationCount, withThird: boolean): Generator<number, SweepResult, void> {
  return sweepOverEpsilon(run.params, run.states, run.reverse, count, withThird);
}

/**
 * Work units of each method at the chain lengths WORK_CURVE_STEPS, each counted by running the
 * method there. The counts depend on T and the schedule alone, so the chain's constants and the
 * epsilon are the defaults here, not the settings': a moved c, x₀, target or epsilon need not
 * recount the curve. The current chain's point is the report's `work`, counted by the run itself.
 */
export function workCurve(settings: Pick<LabSettings, 'schedule' | 'stride' | 'snapshots'>): WorkPoint[] {
  const points: WorkPoint[] = [];
  const { c, x0, target, eps } = CHAIN_DEFAULTS;
  for (const T of WORK_CURVE_STEPS) {
    const params = defaultParams(T, { c, x0, target });
    const count = newEvaluationCount();
    centralDifferencesFrom(params, baseStates(params, count), eps, count);
    points.push({
      steps: T,
      reverse: reverseGradient(params).workUnits,
      forward: forwardGradient(params).workUnits,
      finiteDifference: count.evaluations,
      checkpointed: checkpointWork(params, settings),
    });
  }
  return points;
}

/**
 * How each cached part of a report is computed from a run's inputs, by the code a lab run calls
 * (engine/lab.ts). What each part reads of the settings is declared in engine/cached-parts.ts.
 */
export const PART_COMPUTE = {
  sweep: (run: RunInputs) => finish(sweepPart(run, newEvaluationCount(), true)),
  tangents: (run: RunInputs) => run.forward(true).tangents,
  frontier: (run: RunInputs): Frontier => frontier(run.steps, memoryModel(run.settings.state)),
  workCurve: (run: RunInputs) => workCurve(run.settings),
} as const satisfies Record<CachedPart, (run: RunInputs) => unknown>;


