import { stepsOf, type ChainParams } from '../chain.ts';
import type { CheckpointReport, LabSettings } from '../report.ts';
import { memoryModel } from './bytes.ts';
import { countSchedule } from './executor.ts';
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

/** The lab's checkpoint block: the selected schedule run on the chain, with the frontier if asked. */
export function checkpointReport(params: ChainParams, settings: LabSettings, withFrontier: boolean): CheckpointReport {
  return runCheckpointed(params, specOf(settings, stepsOf(params)), { frontier: withFrontier, memory: memoryModel(settings.state) }).report;
}

/** Work units of the selected schedule on this chain, counted by a dry run in the executor. */
export function checkpointWork(params: ChainParams, settings: Pick<LabSettings, 'schedule' | 'stride' | 'snapshots'>): number {
  const T = stepsOf(params);
  return countSchedule(T, scheduleActions(T, specOf(settings, T))).workUnits;
}
