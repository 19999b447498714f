/**
 * What frameworks hide, on the chain: stopping the gradient (truncated backpropagation), fusing a
 * step into one node, saving or recomputing a step's intermediates, and forward against reverse
 * mode for the Jacobian of the last M states. Counted by the code that does the work.
 */
export { truncatedGradient, truncatedTapeNodes, truncationCurve, relativeError, validateWindow } from './truncation.ts';
export type { TruncatedGradient, TruncationPoint } from './truncation.ts';
export { FusedTape, BYTES_PER_FUSED_NODE, FUSED_ARITY, type FusedId } from './fused-tape.ts';
export { fusedStep, fusedGradient, fusedTapeNodes, primitiveGradient, maxDifference, gradientRelativeDifference, stepOpNames } from './fusion.ts';
export type { FusedStep, TapedGradient } from './fusion.ts';
export { savedGradient, recomputedGradient, type MemoryRun } from './recompute.ts';
export {
  forwardJacobian,
  forwardJacobianOver,
  reverseJacobian,
  reverseJacobianOver,
  jacobianDifference,
  jacobianInputNames,
  validateInputs,
  validateOutputs,
  valuesDifference,
  workCrossover,
} from './jacobian.ts';
export type { InputJacobianRun, JacobianRow, JacobianRun } from './jacobian.ts';
export { alternatedMicroseconds, alternatedRounds, fastestMicroseconds, NOISY_SPREAD, ratioSpread, type AlternatedTimes, type RatioSpread } from './timing.ts';
export { CHEAP_PAIR_ROUNDS } from './jacobian-plan.ts';
export {
  tradeoffsFigures,
  tradeoffsTimings,
  jacobianTimes,
  withCrossing,
  validateTradeoffs,
  sampledOutputs,
  crossoverOf,
} from './report.ts';
export type {
  TradeoffsSettings,
  TradeoffsFigures,
  TradeoffsTimings,
  JacobianTimes,
  JacobianCostPoint,
  Crossover,
  TapeSize,
  MemorySide,
  MemoryTrace,
} from './report.ts';
export { requestParams, buffersOf, type TradeoffsRequest } from './request.ts';
export {
  LEVER_ROWS,
  LEVERS,
  LEVER_DEFAULTS,
  REQUEST_LEVER_KEYS,
  effectiveLevers,
  requestLevers,
  sameLevers,
  type LeverRow,
  type Levers,
  type LeverKey,
  type RequestLevers,
} from './levers.ts';
