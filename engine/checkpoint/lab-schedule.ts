import { stepsOf, type ChainParams } from '../chain.ts';
import { CHECKPOINT_EVALUATION_LIMIT, FRONTIER_STEP_LIMIT } from '../limits.ts';
import { durationText } from '../number-text.ts';
import type { CheckpointReport, LabSettings } from '../report.ts';
import { memoryModel } from './bytes.ts';
import { frontierEstimate, NOMINAL_CHECKPOINT_RATES, scheduleRunEstimate } from './cost.ts';
import { countSchedule } from './executor.ts';
import { frontier, leastMemory, type Frontier } from './frontier.ts';
import { runCheckpointed } from './checkpointed-run.ts';
import { scheduleActions, type ScheduleSpec } from './spec.ts';

/**
 * The schedule lab settings select for a chain of `steps` steps. The stride is capped at the
 * steps, so the Work panel can count chains shorter than the stride (a stride ≥ T is one segment).
 */
export function specOf(settings: Pick<LabSettings, 'schedule' | 'stride' | 'snapshots'>, steps: number): ScheduleSpec {
  return settings.schedule === 'revolve'
    ? { schedule: 'revolve', snapshots: settings.snapshots }
    : { schedule: 'periodic', stride: Math.min(settings.stride, steps) };
}

/** The lab's checkpoint block and a sentence for each part left out for its cost. */
export interface LabCheckpoint {
  report: CheckpointReport;
  warnings: string[];
}

/** The counts past which the checkpoint parts are left out (engine/limits.ts). */
export interface CheckpointLimits {
  /** Step evaluations of the schedule's run. */
  evaluations: number;
  /** Chain steps of the frontier. */
  steps: number;
}

export const CHECKPOINT_LIMITS: CheckpointLimits = { evaluations: CHECKPOINT_EVALUATION_LIMIT, steps: FRONTIER_STEP_LIMIT };

/**
 * The lab's checkpoint block: the selected schedule run on the chain, and the frontier
 * (`computeFrontier`: the lab passes its cached part). Each of the two is decided by counted
 * work before it starts, the same on every machine: unless `settings.include` names it, the
 * schedule's run is left out past `limits.evaluations` step evaluations (its closed form,
 * engine/checkpoint/cost.ts) and the frontier past `limits.steps` steps. The schedule is then
 * dry-run (its counts are still the executor's, its gradient NaN) and the frontier is null. What
 * was left out, and its count with a time at the nominal rate, is in `report.estimates` and in
 * one warning each.
 */
export function checkpointReport(
  params: ChainParams,
  settings: LabSettings,
  limits: CheckpointLimits = CHECKPOINT_LIMITS,
  computeFrontier: () => Frontier = () => frontier(stepsOf(params), memoryModel(settings.state)),
): LabCheckpoint {
  const T = stepsOf(params);
  const spec = specOf(settings, T);
  const runCost = scheduleRunEstimate(T, spec, NOMINAL_CHECKPOINT_RATES);
  const frontierCost = frontierEstimate(T, NOMINAL_CHECKPOINT_RATES);
  const run = settings.include?.checkpointed ?? runCost.count <= limits.evaluations;
  const withFrontier = settings.include?.frontier ?? T <= limits.steps;
  const ran = runCheckpointed(params, spec, { run, frontier: false, memory: memoryModel(settings.state) }).report;
  const points = withFrontier ? computeFrontier() : null;
  const report: CheckpointReport = { ...ran, frontier: points, leastMemory: points ? leastMemory(points.periodic) : null };
  const estimates: NonNullable<CheckpointReport['estimates']> = {};
  const warnings: string[] = [];
  if (!run && settings.include?.checkpointed === undefined) {
    estimates.run = runCost;
    warnings.push(
      `the checkpointed sweep is not run above ${limits.evaluations.toLocaleString('en-US')} step evaluations: its ${runCost.count.toLocaleString('en-US')} would take ${durationText(runCost.ms)} at a nominal rate; its counts are a dry run's`,
    );
  }
  if (!withFrontier && settings.include?.frontier === undefined) {
    estimates.frontier = frontierCost;
    warnings.push(`the frontier is not run above ${limits.steps.toLocaleString('en-US')} steps: its ${frontierCost.count.toLocaleString('en-US')} schedules would take ${durationText(frontierCost.ms)} at a nominal rate`);
  }
  return { report: Object.keys(estimates).length > 0 ? { ...report, estimates } : report, warnings };
}

/** Work units of the selected schedule on this chain, counted by a dry run in the executor. */
export function checkpointWork(params: ChainParams, settings: Pick<LabSettings, 'schedule' | 'stride' | 'snapshots'>): number {
  const T = stepsOf(params);
  return countSchedule(T, scheduleActions(T, specOf(settings, T))).workUnits;
}
