/**
 * Tape Lab's engine: pure TypeScript, no DOM, no Node. The worker, the command line and the
 * tests all run this same code.
 */
export type { Arith } from './arith.ts';
export { floatArith } from './arith.ts';
export { Op, OP_NAME, ARITY, type OpCode } from './ops.ts';
export { Tape, BYTES_PER_NODE, MAX_TAPE_NODES, type NodeId, type SweepTrace, type TapeIssue } from './tape.ts';
export { dualArith, DualVecArith, type Dual, type DualVec } from './dual.ts';
export {
  chainStep,
  chainLoss,
  defaultParams,
  defaultA,
  defaultB,
  evaluateLoss,
  evaluateStates,
  validateParams,
  stepsOf,
  DEFAULT_C,
  DEFAULT_X0,
  DEFAULT_TARGET,
  MIN_STEPS,
  MAX_STEPS,
  NODES_PER_STEP,
  type ChainParams,
} from './chain.ts';
export { fusedAdjoint, type ChainGradient } from './fused.ts';
export { reverseGradient, recordChain, tapeNodesFor, type ReverseResult, type RecordedChain } from './reverse.ts';
export { forwardGradient, forwardDirectional, type ForwardResult } from './forward.ts';
export {
  centralDifferenceGradient,
  epsilonGrid,
  gradientError,
  MACHINE_EPSILON,
  type CentralDifferenceResult,
} from './finite-difference.ts';
export {
  runLab,
  runLabInSlices,
  type SlicedHooks,
  paramsOf,
  workCurve,
  bestOf,
  LabCancelled,
  SWEEP_STEP_LIMIT,
  FINITE_DIFFERENCE_STEP_LIMIT,
  FORWARD_STEP_LIMIT,
  VANISHING_DECADES,
  type LabHooks,
} from './lab.ts';
export { DEFAULT_SETTINGS, LabInputError, checkEngineLimits } from './settings.ts';
export * from './settings-table.ts';
export * from './number-text.ts';
export type * from './report.ts';
export * from './checkpoint/index.ts';
export { chainTapeView, describeTape, subscript, type TapeView, type ChainTapeView } from './tape-view.ts';
export { timeGradients, TIMING_MAX_STEPS, type GradientTiming } from './gradient-times.ts';
export { trace, runProgram, TraceError, type Program } from './program.ts';
export * from './expr/index.ts';
export * from './tensor/index.ts';
export {
  timeMethods,
  timeMethodsInSlices,
  truncate,
  trialSteps,
  workPerRun,
  MIN_TRIAL_STEPS,
  GROWTH,
  TIMED_METHODS,
  type MethodTime,
  type MethodTimes,
  type TimedMethod,
  type TimingOptions,
} from './method-times.ts';
export * from './tradeoffs/index.ts';
export { COSTED_METHODS, costSentence, labCost, runsOfTimeText, TOO_NOISY, type CostedMethod, type LabCost, type MethodCost } from './method-cost.ts';
export { COSTLY_PARTS, COUNT_STEPS, PROBE_STEPS, PART_STEP_LIMITS, countedWork, estimatePart, followPlan, planCosts, skipReason, stepsOfSettings, type CostPlan } from './cost-plan.ts';
export * from './second-order/index.ts';
export * from './bugs/index.ts';
export * from './practice/index.ts';
