import { stepsOf, type ChainParams } from '../chain.ts';
import type { CheckpointReport } from '../report.ts';
import { countSchedule, executeSchedule, type CheckpointGradient, type ScheduleCounts, type ScheduleRun } from './executor.ts';
import { LOSS_TAPE_BYTES, SCALAR_MODEL, memoryModel, type MemoryModel } from './bytes.ts';
import { frontier, leastMemory } from './frontier.ts';
import { periodicActions } from './periodic.ts';
import { buildSchedule, type ScheduleSpec } from './spec.ts';

export interface CheckpointRunOptions {
  /** Dry-run every stride and snapshot count for the frontier (O(T²) actions; default true). */
  frontier?: boolean;
  /** The memory model the bytes are counted in (default: the scalar chain's, S = 8). */
  memory?: MemoryModel;
  /**
   * Run the schedule on the chain (default true). False dry-runs it instead: every count is the
   * executor's, but no step is evaluated and the gradient is NaN (for a run too long to afford).
   */
  run?: boolean;
}

/** A checkpointed reverse sweep: the report the lab shows and the full gradient it computed. */
export interface CheckpointedRun {
  report: CheckpointReport;
  /** loss, dL/da, dL/db, dL/dc and x̄_0 … x̄_T from running the schedule. */
  gradient: CheckpointGradient;
}

/**
 * Runs the given schedule on the chain in the executor and reports what it cost (counted while
 * it ran) together with the gradient it computed. Throws RangeError for a spec
 * `validateScheduleSpec` rejects.
 */
export function runCheckpointed(params: ChainParams, spec: ScheduleSpec, options: CheckpointRunOptions = {}): CheckpointedRun {
  const T = stepsOf(params);
  const actions = buildSchedule(T, spec);
  const memory = options.memory ?? SCALAR_MODEL;
  const run = options.run === false ? notRun(T, countSchedule(T, actions, memory)) : executeSchedule(params, actions, { memory });
  const points = options.frontier === false ? null : frontier(T, memory);
  const gradient: CheckpointGradient = { loss: run.loss, a: run.a, b: run.b, c: run.c, adjoint: run.adjoint };
  const report: CheckpointReport = {
    schedule: spec.schedule,
    stride: spec.schedule === 'periodic' ? spec.stride : null,
    snapshots: spec.schedule === 'revolve' ? spec.snapshots : null,
    stateWidth: memory.width,
    stateBytes: memory.stateBytes,
    stepBytes: memory.stepBytes,
    lastStepBytes: memory.stepBytes + LOSS_TAPE_BYTES,
    stateBytesByWidth: { scalar: memoryModel('scalar').stateBytes, wide: memoryModel('wide').stateBytes },
    fullTapeStates: T + 1,
    storedStates: run.storedStates,
    peakItems: run.peakItems,
    peakSnapshots: run.peakSnapshots,
    peakBytes: run.peakBytes,
    // Counted like every other figure: the full tape (stride T) dry-run in the executor, 2T actions.
    fullTapeBytes: countSchedule(T, periodicActions(T, T), memory).peakBytes,
    advances: run.advances,
    stepEvaluations: run.stepEvaluations,
    recomputedSteps: run.recomputedSteps,
    workUnits: run.workUnits,
    actions,
    frontier: points,
    leastMemory: points ? leastMemory(points.periodic) : null,
    gradient: { a: run.a, b: run.b },
  };
  return { report, gradient };
}

/** A dry run's counts with a gradient of NaN: what the report carries for a schedule not run. */
function notRun(T: number, counts: ScheduleCounts): ScheduleRun {
  const nan = (n: number) => new Float64Array(n).fill(NaN);
  return { ...counts, loss: NaN, a: nan(T), b: nan(T), c: NaN, adjoint: nan(T + 1) };
}

/** The CheckpointReport of `runCheckpointed` alone (its `gradient` holds dL/da and dL/db). */
export function scheduleReport(params: ChainParams, spec: ScheduleSpec, options: CheckpointRunOptions = {}): CheckpointReport {
  return runCheckpointed(params, spec, options).report;
}
