/**
 * The bugs a framework user meets, run on the real tape: gradients accumulated without clearing,
 * a detach, a saved value changed in place, a second sweep over a freed graph, the overwriting
 * sweep, graphs kept alive, buffers freed late, and gradient checks in single precision.
 */
export { SavedGraph, AutogradError, SAVED_BYTES_PER_NODE, ADJOINT_BYTES, inPlaceErrorText, SECOND_BACKWARD_TEXT, type SavedSweep } from './saved-graph.ts';
export { PYTORCH_VERSION } from './pytorch-version.ts';
export { torchGraphOf, type TorchGraph } from './torch-graph.ts';
export { zeroGradBug, detachedGradient, inPlaceBug, retainGraphBug, overwriteBug, freeLateBug, IN_PLACE_FACTOR, type FreeLateSide } from './chain-bugs.ts';
export {
  roundedLoss,
  roundedCentralDifferences,
  precisionSweep,
  sampledLanes,
  asFloat32,
  asFloat64,
  type Rounding,
  type PrecisionPoint,
  type PrecisionFloor,
  type PrecisionSweep,
  type PrecisionOptions,
} from './float32.ts';
export { trainWithBugs, type TrainingRun, type TrainingSwitches } from './training.ts';
export {
  bugsReport,
  chainBugs,
  trainingBugs,
  precisionBug,
  detachAsTruncation,
  BUG_NAMES,
  type BugName,
  type BugOutcome,
  type BugReport,
  type BugOptions,
  type BugSeries,
  type BugsReport,
  type TrainingBugs,
  type PrecisionBug,
} from './report.ts';
export { exprBugs, type ExprBugs, type ExprBugRow, type ExprInPlace } from './expr-bugs.ts';
export { bugsRequestParams, chainBugFigures, BUGS_MAX_STEPS, type BugsRequest, type ChainBugFigures, type HvpFigure } from './request.ts';
