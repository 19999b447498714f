import { stepsOf, validateParams } from './chain.ts';
import { MACHINE_EPSILON, centralDifferencesFrom, gradientError, newEvaluationCount } from './finite-difference.ts';
import type { CheckpointReport, GradientPair, LabPart, LabReport, LabSettings, SweepPoint } from './report.ts';
import { LabInputError, checkEngineLimits } from './settings.ts';
import { BYTES_PER_NODE } from './tape.ts';
import { checkpointReport } from './checkpoint/lab-schedule.ts';
import { PART_COMPUTE, RunInputs, sweepPart } from './lab-parts.ts';
import { finish, runSliced } from './slicing.ts';
import { labCost } from './method-cost.ts';
import { timeMethods } from './method-times.ts';
import { FINITE_DIFFERENCE_STEP_LIMIT, FORWARD_STEP_LIMIT, FRONTIER_STEP_LIMIT, SWEEP_STEP_LIMIT, TANGENT_TABLE_LIMIT } from './limits.ts';

export { FINITE_DIFFERENCE_STEP_LIMIT, FORWARD_STEP_LIMIT, FRONTIER_STEP_LIMIT, SWEEP_STEP_LIMIT, TANGENT_TABLE_LIMIT };

export { WORK_CURVE_STEPS, paramsOf, workCurve } from './lab-parts.ts';

/** Optional callbacks for a long run (the worker passes them; the command line does not). */
export interface LabHooks {
  /** Called as the sweep over h advances, with the fraction of it done (0 … 1]. */
  onProgress?: (stage: 'sweep', fraction: number) => void;
  /** Asked between sweep points: returning true abandons the run with LabCancelled. */
  cancelled?: () => boolean;
  /** Called as each part of the run starts, with its name in words ("forward mode"). */
  onStage?: (stage: string) => void;
}

/** A run abandoned through `LabHooks.cancelled` (a newer request superseded it). */
export class LabCancelled extends Error {
  override name = 'LabCancelled';
}

/** Adjoints spanning more decades than this draw a warning: the early gradients have vanished. */
export const VANISHING_DECADES = 30;

function wants(settings: LabSettings, part: LabPart, byDefault: boolean): boolean {
  return settings.include?.[part] ?? byDefault;
}

/**
 * One lab run: the chain's gradient by reverse mode, forward mode, central differences and a
 * checkpointed reverse sweep, with every work figure counted by the code that did the work.
 * Throws LabInputError for settings it cannot use. `hooks` hear the sweep's progress and may
 * abandon the run between its points (LabCancelled).
 *
 * A run has one body, the generator `runLabStepwise`, and two drivers: this one, which runs it
 * straight through on the caller's thread (the command line, the tests), and `runLabInSlices`,
 * which awaits a pause between slices so a Web Worker can read its messages while a long sweep
 * runs. Both return the same report for the same settings.
 */
export function runLab(settings: LabSettings, hooks: LabHooks = {}): LabReport {
  return finish(runLabStepwise(settings, hooks.onStage), (fraction) => {
    if (fraction > 0) hooks.onProgress?.('sweep', fraction);
    if (hooks.cancelled?.()) throw new LabCancelled('a newer request superseded this run');
  });
}

/** What `runLabInSlices` needs from its caller. */
export interface SlicedHooks {
  /** Hears the fraction of the sweep over epsilon done after each of its points. */
  onProgress?: (fraction: number) => void;
  /** Asked between the sweep's points: true abandons the run with LabCancelled. */
  stopped?: () => boolean;
  /** Resolves on a later turn of the caller's event loop, so messages that arrived meanwhile are handled. */
  pause: () => Promise<void>;
  /** The longest stretch of work between pauses, in milliseconds (default 8: half a frame). */
  sliceMs?: number;
  /** A clock in milliseconds (default performance.now). */
  now?: () => number;
}

/**
 * `runLab` in slices, the worker's driver of the same run: drives `runLabStepwise`, pausing (`hooks.pause`) whenever a slice of work has
 * lasted `sliceMs`, and checking `hooks.stopped` between the sweep's points. The Web Worker runs
 * the lab this way, so that a request to stop, sent while a long sweep runs, is heard and honoured
 * within one sweep point instead of the worker having to be replaced.
 */
export function runLabInSlices(settings: LabSettings, hooks: SlicedHooks): Promise<LabReport> {
  return runSliced(runLabStepwise(settings), {
    pause: hooks.pause,
    sliceMs: hooks.sliceMs,
    now: hooks.now,
    onYield: (fraction) => {
      if (fraction > 0) hooks.onProgress?.(fraction);
    },
    check: () => {
      if (hooks.stopped?.()) throw new LabCancelled('stopped: a newer request superseded this run');
    },
  });
}

/**
 * The body of a lab run, shared by its two drivers (`runLab` straight through, `runLabInSlices`
 * with pauses): a generator that pauses between the points of the sweep over epsilon, the one long
 * part of a run. It yields the fraction of the sweep done (0 before the first point) and returns
 * the report. A caller stops the run by not asking for the next step.
 */
export function* runLabStepwise(settings: LabSettings, onStage: (stage: string) => void = () => {}): Generator<number, LabReport, void> {
  const problem = checkEngineLimits(settings);
  if (problem) throw new LabInputError(problem);
  // Each piece of the run derived from the settings once, shared by the parts (engine/lab-parts.ts).
  const run = new RunInputs(settings);
  const params = run.params;
  const paramProblem = validateParams(params);
  if (paramProblem) throw new LabInputError(paramProblem);
  const T = stepsOf(params);
  const P = 2 * T;
  const warnings: string[] = [];

  onStage('reverse mode');
  const reverse = run.reverse;
  for (const issue of reverse.issues.slice(0, 3)) warnings.push(`tape node ${issue.node}: ${issue.message}`);

  const wantTangents = wants(settings, 'tangents', true) && (T + 1) * P <= TANGENT_TABLE_LIMIT;
  if (wants(settings, 'tangents', true) && !wantTangents) {
    warnings.push(`the tangent table is left out above ${TANGENT_TABLE_LIMIT} entries ((T+1)·P = ${(T + 1) * P})`);
  }
  const forwardRuns = wants(settings, 'forward', T <= FORWARD_STEP_LIMIT);
  if (forwardRuns) onStage('forward mode');
  const forward = forwardRuns
    ? run.forward(wantTangents)
    : { a: new Float64Array(T).fill(NaN), b: new Float64Array(T).fill(NaN), tangents: null, stepEvaluations: 0, lanes: P, workUnits: NaN };
  if (!forwardRuns && settings.include?.forward === undefined) {
    warnings.push(`forward mode is skipped above ${FORWARD_STEP_LIMIT} steps (it would carry ${P} tangent lanes through ${T} steps)`);
  }

  // Central differences: one base evaluation, 2P perturbed ones at the selected h.
  const fdCount = run.fdCount;
  let finiteDifference: GradientPair = { a: new Float64Array(T).fill(NaN), b: new Float64Array(T).fill(NaN) };
  let states = reverse.states;
  const fdRuns = wants(settings, 'finiteDifference', T <= FINITE_DIFFERENCE_STEP_LIMIT);
  if (fdRuns) {
    onStage('central differences');
    states = run.states;
    finiteDifference = centralDifferencesFrom(params, states, settings.eps, fdCount);
  } else if (settings.include?.finiteDifference === undefined) {
    warnings.push(`central differences are skipped above ${FINITE_DIFFERENCE_STEP_LIMIT} steps (they would evaluate about ${(2 * T * T).toExponential(1)} chain steps)`);
  }

  const sweepCount = newEvaluationCount();
  const sweepRuns = fdRuns && wants(settings, 'sweep', T <= SWEEP_STEP_LIMIT);
  let sweep: SweepPoint[] = [];
  let thirdRms = NaN;
  if (sweepRuns) {
    onStage('the sweep over epsilon');
    const result = yield* sweepPart(run, sweepCount, wants(settings, 'thirdDerivatives', true));
    sweep = result.sweep;
    thirdRms = result.thirdRms;
  } else if (fdRuns && T > SWEEP_STEP_LIMIT && settings.include?.sweep === undefined) {
    warnings.push(`the sweep over epsilon is skipped above ${SWEEP_STEP_LIMIT} steps unless asked for`);
  }
  const bestEps = bestOf(sweep);
  const lossMagnitude = Math.abs(reverse.loss);
  const predicted = Math.cbrt((3 * MACHINE_EPSILON * lossMagnitude) / thirdRms);

  // The schedule's run and the frontier are estimated first and left out past about a second,
  // unless named in `include` (engine/checkpoint/lab-schedule.ts).
  onStage('the checkpointed sweep');
  const checkpointBlock = checkpointReport(params, settings, undefined, () => PART_COMPUTE.frontier(run));
  const checkpoint: CheckpointReport = checkpointBlock.report;
  warnings.push(...checkpointBlock.warnings);
  const checkpointed = checkpoint.gradient;

  const fdError = gradientError(finiteDifference, reverse);
  const work = {
    reverse: reverse.workUnits,
    forward: forward.workUnits,
    finiteDifference: fdRuns ? fdCount.evaluations : NaN,
    checkpointed: checkpoint.workUnits,
  };
  const report: LabReport = {
    steps: T,
    parameters: P,
    params: { a: params.a, b: params.b, c: params.c, x0: params.x0, target: params.target },
    states: reverse.states,
    adjoint: reverse.adjoint,
    loss: reverse.loss,
    gradient: {
      reverse: { a: reverse.a, b: reverse.b },
      forward: { a: forward.a, b: forward.b },
      finiteDifference,
      checkpointed,
    },
    tangents: forward.tangents,
    work,
    // Timed with the lab's own settings; a method too slow at this length is timed on a shorter
    // chain and scaled (engine/method-times.ts), and says so.
    cost: labCost(work, wants(settings, 'times', false) ? timeMethods(params, settings, { now: () => performance.now(), budgetMs: 250, onStage }) : null, settings.schedule),
    counts: {
      tapeNodes: reverse.tapeNodes,
      bytesPerNode: BYTES_PER_NODE,
      reverseStepEvaluations: reverse.stepEvaluations,
      reverseSteps: T,
      forwardStepEvaluations: forward.stepEvaluations,
      forwardLanes: forward.lanes,
      finiteDifferenceEvaluations: fdCount.evaluations,
      finiteDifferenceNaiveSteps: fdCount.naiveSteps,
      finiteDifferenceSteps: fdCount.steps,
      sweepSteps: sweepCount.steps,
    },
    errors: {
      forwardVsReverseMax: gradientError(forward, reverse).maxRelative,
      finiteDifferenceRms: fdError.rms,
      finiteDifferenceMaxRelative: fdError.maxRelative,
      checkpointedVsReverseMax: gradientError(checkpointed, reverse).maxRelative,
    },
    eps: settings.eps,
    sweep,
    bestEps,
    model: {
      thirdDerivativeRms: thirdRms,
      lossMagnitude,
      predictedBestEps: Number.isFinite(predicted) && predicted > 0 ? predicted : null,
    },
    checkpoint,
    workCurve: wants(settings, 'workCurve', true) ? (onStage('the work curve'), PART_COMPUTE.workCurve(run)) : [],
    warnings,
  };
  warnings.push(...nonFiniteWarnings(report, settings.include?.checkpointed !== false && !checkpoint.estimates?.run));
  return report;
}

/** The h with the smallest finite RMS error, or null when none is finite. */
export function bestOf(sweep: readonly SweepPoint[]): number | null {
  let best: SweepPoint | null = null;
  for (const p of sweep) if (Number.isFinite(p.rms) && (best === null || p.rms < best.rms)) best = p;
  return best ? best.eps : null;
}

/** One sentence per figure that is not a finite number, so nothing non-finite passes silently. */
function nonFiniteWarnings(r: LabReport, checkpointRan: boolean): string[] {
  const out: string[] = [];
  const check = (name: string, g: GradientPair) => {
    let bad = 0;
    for (let t = 0; t < g.a.length; t++) bad += (Number.isFinite(g.a[t]) ? 0 : 1) + (Number.isFinite(g.b[t]) ? 0 : 1);
    if (bad > 0) out.push(`${bad} of ${2 * g.a.length} ${name} gradient components are not finite`);
  };
  if (!Number.isFinite(r.loss)) out.push(`the loss is ${r.loss}`);
  check('reverse-mode', r.gradient.reverse);
  if (r.counts.forwardStepEvaluations > 0) check('forward-mode', r.gradient.forward);
  if (r.counts.finiteDifferenceEvaluations > 0) check('finite-difference', r.gradient.finiteDifference);
  if (checkpointRan) check('checkpointed', r.gradient.checkpointed);
  let maxAdjoint = 0;
  let minAdjoint = Infinity;
  for (const v of r.adjoint) {
    maxAdjoint = Math.max(maxAdjoint, Math.abs(v));
    if (v !== 0) minAdjoint = Math.min(minAdjoint, Math.abs(v));
  }
  if (!Number.isFinite(maxAdjoint)) out.push('the adjoint overflowed: past a few hundred steps the wobble term makes the chain expand');
  else if (maxAdjoint > 0 && r.adjoint.some((v) => v === 0)) {
    out.push('the adjoint underflowed to 0 before reaching x₀: the earliest gradients vanish');
  } else if (maxAdjoint > 0 && Math.log10(maxAdjoint / minAdjoint) > VANISHING_DECADES) {
    const decades = Math.round(Math.log10(maxAdjoint / minAdjoint));
    out.push(`the adjoint spans ${decades} decades between x̄_T and x̄_0: the early gradients have all but vanished`);
  }
  return out;
}
