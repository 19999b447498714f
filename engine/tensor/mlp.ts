import type { DatasetName } from './data.ts';
import { matrix, mulberry32, randomNormal, softmaxRows, type Matrix } from './matrix.ts';
import { TensorTape, type TensorId } from './tape.ts';

/**
 * A two-layer perceptron 2 → H → 2: logits = relu(X·W1 + b1)·W2 + b2, a row per point.
 * W1 is 2×H, b1 1×H, W2 H×2, b2 1×2.
 */
export interface MlpParams {
  w1: Matrix;
  b1: Matrix;
  w2: Matrix;
  b2: Matrix;
}

/** Parameter names in a fixed order (the order the scalar tape records their leaves in). */
export const MLP_PARAM_NAMES = ['w1', 'b1', 'w2', 'b2'] as const;

/** He initialisation (N(0, 2/fan-in) weights, zero biases) from a seeded PRNG. */
export function initMlp(hidden: number, seed = 1, inputs = 2, classes = 2): MlpParams {
  const rand = mulberry32(seed);
  return {
    w1: randomNormal(inputs, hidden, Math.sqrt(2 / inputs), rand),
    b1: matrix(1, hidden),
    w2: randomNormal(hidden, classes, Math.sqrt(2 / hidden), rand),
    b2: matrix(1, classes),
  };
}

/** The nodes of one forward pass recorded on a tensor tape. */
export interface MlpGraph {
  tape: TensorTape;
  params: Record<(typeof MLP_PARAM_NAMES)[number], TensorId>;
  logits: TensorId;
  loss: TensorId;
}

/**
 * Records the forward pass and the fused softmax cross-entropy loss on a new tensor tape:
 * 5 leaves (X and the four parameters) and 6 ops.
 */
export function recordMlp(params: MlpParams, x: Matrix, labels: Int32Array): MlpGraph {
  const tape = new TensorTape();
  const X = tape.leaf(x, false);
  const p = {
    w1: tape.leaf(params.w1),
    b1: tape.leaf(params.b1),
    w2: tape.leaf(params.w2),
    b2: tape.leaf(params.b2),
  };
  const h = tape.relu(tape.addRow(tape.matmul(X, p.w1), p.b1));
  const logits = tape.addRow(tape.matmul(h, p.w2), p.b2);
  return { tape, params: p, logits, loss: tape.softmaxCrossEntropy(logits, labels) };
}

/** Loss and gradient of one batch: a forward recording and one reverse sweep. */
export function mlpGradient(params: MlpParams, x: Matrix, labels: Int32Array): { loss: number; grad: MlpParams; tape: TensorTape } {
  const g = recordMlp(params, x, labels);
  g.tape.backward(g.loss);
  const gradOf = (k: (typeof MLP_PARAM_NAMES)[number]): Matrix => g.tape.grad(g.params[k]) ?? matrix(params[k].rows, params[k].cols);
  const grad: MlpParams = { w1: gradOf('w1'), b1: gradOf('b1'), w2: gradOf('w2'), b2: gradOf('b2') };
  return { loss: g.tape.value(g.loss).data[0], grad, tape: g.tape };
}

/** Class probabilities softmax(logits) of each row of x, without recording gradients. */
export function predict(params: MlpParams, x: Matrix): Matrix {
  const tape = new TensorTape();
  const X = tape.leaf(x, false);
  const leaf = (m: Matrix) => tape.leaf(m, false);
  const h = tape.relu(tape.addRow(tape.matmul(X, leaf(params.w1)), leaf(params.b1)));
  return softmaxRows(tape.value(tape.addRow(tape.matmul(h, leaf(params.w2)), leaf(params.b2))));
}

/** The share of rows whose most probable class is their label. */
export function accuracy(params: MlpParams, x: Matrix, labels: Int32Array): number {
  const p = predict(params, x);
  let right = 0;
  for (let i = 0; i < p.rows; i++) {
    let best = 0;
    for (let j = 1; j < p.cols; j++) if (p.data[i * p.cols + j] > p.data[i * p.cols + best]) best = j;
    if (best === labels[i]) right++;
  }
  return right / p.rows;
}

/** P(class 1) on an n×n grid over [xMin, xMax] × [yMin, yMax]: row r is y = yMin + r·Δy. */
export interface DecisionGrid {
  n: number;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
  /** n·n probabilities of class 1, row-major (row = y index, column = x index). */
  probability: Float64Array;
}

/** The trained network's class-1 probability on a grid covering the data with a margin. */
export function decisionGrid(params: MlpParams, n: number, bounds: { xMin: number; xMax: number; yMin: number; yMax: number }): DecisionGrid {
  const { xMin, xMax, yMin, yMax } = bounds;
  const pts = matrix(n * n, 2);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      pts.data[2 * (r * n + c)] = xMin + ((xMax - xMin) * c) / Math.max(1, n - 1);
      pts.data[2 * (r * n + c) + 1] = yMin + ((yMax - yMin) * r) / Math.max(1, n - 1);
    }
  }
  const p = predict(params, pts);
  const probability = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) probability[i] = p.data[2 * i + 1];
  return { n, xMin, xMax, yMin, yMax, probability };
}

/** The data's bounding box, widened by `margin` on each side. */
export function boundsOf(x: Matrix, margin = 0.25): { xMin: number; xMax: number; yMin: number; yMax: number } {
  let xMin = Infinity;
  let xMax = -Infinity;
  let yMin = Infinity;
  let yMax = -Infinity;
  for (let i = 0; i < x.rows; i++) {
    xMin = Math.min(xMin, x.data[2 * i]);
    xMax = Math.max(xMax, x.data[2 * i]);
    yMin = Math.min(yMin, x.data[2 * i + 1]);
    yMax = Math.max(yMax, x.data[2 * i + 1]);
  }
  return { xMin: xMin - margin, xMax: xMax + margin, yMin: yMin - margin, yMax: yMax + margin };
}

export interface TrainOptions {
  /** Hidden units H (default 16). */
  hidden?: number;
  /** SGD step size (default 0.5). */
  learningRate?: number;
  /** Points per step; the default (0) uses the whole data set, i.e. plain gradient descent. */
  batch?: number;
  /** Seed of the initial weights and of the mini-batch draws (default 1). */
  seed?: number;
  dataset?: DatasetName;
  /** Points in the data set (default 200). */
  points?: number;
  /** Seed of the data set (default 1). */
  dataSeed?: number;
  /** Side of the decision grid (default 40). */
  gridSize?: number;
}
