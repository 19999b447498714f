import type { CheckpointAction } from './actions.ts';
import { periodicActions } from './periodic.ts';
import { revolveActions } from './revolve.ts';

/** Periodic checkpoints every `stride` steps (1 ≤ stride ≤ T). */
export interface PeriodicSpec {
  schedule: 'periodic';
  stride: number;
}

/** Binomial (revolve) checkpointing with `snapshots` snapshots, x_0's included (≥ 1). */
export interface RevolveSpec {
  schedule: 'revolve';
  snapshots: number;
}

/** Which schedule to run and its one setting. */
export type ScheduleSpec = PeriodicSpec | RevolveSpec;

/**
 * Checks a schedule's setting against a chain of `steps` steps; returns one sentence naming
 * the problem, or null. Snapshot counts above the steps are allowed (they act as T − 1).
 */
export function validateScheduleSpec(steps: number, spec: ScheduleSpec): string | null {
  if (!Number.isInteger(steps) || steps < 1) return `the chain needs a whole number of steps of at least 1; got ${steps}`;
  if (spec.schedule === 'periodic') {
    const k = spec.stride;
    if (!Number.isInteger(k)) return `the checkpoint stride must be a whole number; got ${k}`;
    if (k < 1) return `the checkpoint stride must be at least 1; got ${k}`;
    if (k > steps) return `the checkpoint stride must be at most the number of steps (${steps}); got ${k}`;
    return null;
  }
  if (spec.schedule === 'revolve') {
    const s = spec.snapshots;
    if (!Number.isInteger(s)) return `the number of snapshots must be a whole number; got ${s}`;
    if (s < 1) return `the number of snapshots must be at least 1; got ${s}`;
    return null;
  }
  return `the schedule must be periodic or revolve; got ${String((spec as { schedule: unknown }).schedule)}`;
}

/** The actions of a schedule, lazily. Throws RangeError for a spec `validateScheduleSpec` rejects. */
export function scheduleActions(steps: number, spec: ScheduleSpec): Generator<CheckpointAction> {
  const problem = validateScheduleSpec(steps, spec);
  if (problem) throw new RangeError(problem);
  return spec.schedule === 'periodic' ? periodicActions(steps, spec.stride) : revolveActions(steps, spec.snapshots);
}

/** The actions of a schedule as an array. */
export function buildSchedule(steps: number, spec: ScheduleSpec): CheckpointAction[] {
  return Array.from(scheduleActions(steps, spec));
}
