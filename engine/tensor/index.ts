/**
 * A small tensor-level tape: one node per matrix op (Y = XW, broadcast add, relu, softmax,
 * fused softmax + cross-entropy), each with the card's vector–Jacobian rule; a gradient check;
 * a tiny two-layer network trained on a built-in 2-D data set; and a measured comparison with
 * the same computation on the scalar tape.
 */
export {
  matrix,
  fromRows,
  toRows,
  clone as cloneMatrix,
  matmul,
  softmaxRows,
  mulberry32,
  randomNormal,
  type Matrix,
} from './matrix.ts';
export {
  TensorTape,
  TensorOp,
  TENSOR_OP_NAME,
  type TensorId,
  type TensorOpCode,
  type TensorTapeMemory,
} from './tape.ts';
export { gradcheck, type GradcheckResult, type GradcheckInput, type TapeFunction } from './gradcheck.ts';
export { moons, spirals, dataset, type Dataset, type DatasetName, type DatasetOptions } from './data.ts';
export {
  initMlp,
  recordMlp,
  mlpGradient,
  predict,
  accuracy,
  decisionGrid,
  boundsOf,
  MLP_PARAM_NAMES,
  type MlpParams,
  type MlpGraph,
  type DecisionGrid,
  type TrainOptions,
} from './mlp.ts';
export {
  compareTapes,
  scalarMlpStep,
  medianMs,
  type TapeComparison,
  type TapeComparisonSide,
  type CompareOptions,
} from './compare.ts';
export { createTrainer, train, trainingSetup, type Trainer, type TrainerSnapshot, type TrainResult, type TrainingSetup } from './trainer.ts';
export { measureTapes, interleavedTimes } from './measure.ts';
