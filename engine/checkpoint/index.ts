/**
 * Gradient checkpointing: schedules as data (periodic and binomial), one executor that runs them
 * on the chain with no more live states than they claim, and the reports built from its counts.
 * The one memory model (held items and bytes) is documented in bytes.ts and executor.ts.
 */
export { act, formatAction } from './actions.ts';
export type {
  AdvanceAction,
  CheckpointAction,
  CheckpointActionKind,
  FreeAction,
  RecordAction,
  RestoreAction,
  ReverseAction,
  StoreAction,
} from './actions.ts';
export { binomialReach, repetitionNumber, revolveAdvances, revolveSplit, usefulSnapshots } from './binomial.ts';
export { periodicActions, periodicCounts, periodicPeakBytes, periodicPeakItems, periodicPeakStates, periodicSchedule } from './periodic.ts';
export {
  LOSS_TAPE_BYTES,
  SCALAR_MODEL,
  STATE_BYTES,
  STEP_TAPE_BYTES,
  fullTapeBytes,
  memoryModel,
  memoryParts,
  recordedStepBytes,
  revolvePeakBytes,
  revolvePeakItems,
  revolvePeakStates,
  type MemoryModel,
  type MemoryParts,
  type PeakItems,
  type StateWidth,
} from './bytes.ts';
export { frontier, leastMemory, type Frontier } from './frontier.ts';
export { recordedStepNodes } from './step-tape.ts';
export type { PeriodicCounts } from './periodic.ts';
export { revolveActions, revolveSchedule } from './revolve.ts';
export { buildSchedule, scheduleActions, validateScheduleSpec } from './spec.ts';
export type { PeriodicSpec, RevolveSpec, ScheduleSpec } from './spec.ts';
export { ScheduleError, countSchedule, executeSchedule } from './executor.ts';
export type { CheckpointGradient, ExecuteOptions, ScheduleCounts, ScheduleRun } from './executor.ts';
export { runCheckpointed, scheduleReport } from './checkpointed-run.ts';
export type { CheckpointRunOptions, CheckpointedRun } from './checkpointed-run.ts';
export { formatSchedule, scheduleSummary } from './summary.ts';
export type { FormatOptions, PeriodicSummary, RevolveSummary, ScheduleSummary } from './summary.ts';
export { compareAtSnapshots, compareAtStride, comparisonTable, leanestStride, leanestStrideTable, memoryTable } from './schedule-comparison.ts';
export type { ScheduleComparison } from './schedule-comparison.ts';
export { checkpointReport, checkpointWork, specOf } from './lab-schedule.ts';
export {
  NOMINAL_CHECKPOINT_RATES,
  NOMINAL_FRONTIER_NS_PER_STEP_SQUARED,
  NOMINAL_NS_PER_EVALUATION,
  frontierEstimate,
  scheduleEvaluations,
  scheduleRunEstimate,
} from './cost.ts';
export type { CheckpointEstimate, CheckpointRates } from './cost.ts';
export type { LabCheckpoint } from './lab-schedule.ts';
