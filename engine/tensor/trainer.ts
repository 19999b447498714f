import { dataset, type Dataset } from './data.ts';
import { matrix, mulberry32, type Matrix } from './matrix.ts';
import { accuracy, boundsOf, decisionGrid, initMlp, mlpGradient, MLP_PARAM_NAMES, type DecisionGrid, type MlpParams, type TrainOptions } from './mlp.ts';

/** Where a training run stands: the whole data set's loss and accuracy, and the decision region. */
export interface TrainerSnapshot {
  /** SGD steps taken so far. */
  step: number;
  /** Loss on the whole data set now. */
  loss: number;
  /** Share of the data set classified right now. */
  accuracy: number;
  grid: DecisionGrid;
}

/** A training run that can be advanced a few steps at a time, so a worker can report progress. */
export interface Trainer {
  readonly data: Dataset;
  readonly params: MlpParams;
  /** SGD steps taken so far. */
  readonly step: number;
  /** Takes `count` more steps; returns each step's batch loss before its update. */
  advance(count: number): Float64Array;
  snapshot(): TrainerSnapshot;
}

/** What every training loop over the tensor section's network starts from. */
export interface TrainingSetup {
  data: Dataset;
  /** The initial weights (initMlp from the seed); the loop updates them in place. */
  params: MlpParams;
  /** The SGD step size η. */
  lr: number;
  /** The mini-batch: the whole data set's columns, or buffers `draw` refills. */
  bx: Matrix;
  by: Int32Array;
  /** Points per step. */
  batch: number;
  /** Draws the next mini-batch into bx, by (mulberry32 from the seed); nothing for the full batch. */
  draw(): void;
}

/**
 * The data set, initial weights, step size and mini-batch draws of a training run from its
 * options, shared by `createTrainer` and the bugs' training loop so the two agree bit for bit.
 */
export function trainingSetup(options: TrainOptions = {}): TrainingSetup {
  const data = dataset(options.dataset ?? 'moons', { points: options.points ?? 200, seed: options.dataSeed ?? 1 });
  const params = initMlp(options.hidden ?? 16, options.seed ?? 1);
  const lr = options.learningRate ?? 0.5;
  const n = data.x.rows;
  const batch = options.batch && options.batch < n ? options.batch : n;
  const rand = mulberry32((options.seed ?? 1) ^ 0x9e3779b9);
  const bx: Matrix = batch === n ? data.x : matrix(batch, 2);
  const by: Int32Array = batch === n ? data.labels : new Int32Array(batch);
  const draw = () => {
    if (batch === n) return;
    for (let i = 0; i < batch; i++) {
      const k = Math.floor(rand() * n);
      bx.data[2 * i] = data.x.data[2 * k];
      bx.data[2 * i + 1] = data.x.data[2 * k + 1];
      by[i] = data.labels[k];
    }
  };
  return { data, params, lr, bx, by, batch, draw };
}

/**
 * The same plain SGD as `train` (θ ← θ − η·∂L/∂θ, the gradient by the tensor tape, the same
 * seeds and mini-batch draws), taken in pieces: `advance(a)` then `advance(b)` ends exactly where
 * `train(a + b)` does.
 */
export function createTrainer(options: TrainOptions = {}): Trainer {
  const { data, params, lr, bx, by, draw } = trainingSetup(options);
  const bounds = boundsOf(data.x);
  const gridSize = options.gridSize ?? 40;
  let step = 0;

  return {
    data,
    params,
    get step() {
      return step;
    },
    advance(count) {
      const losses = new Float64Array(Math.max(0, count));
      for (let s = 0; s < losses.length; s++) {
        draw();
        const { loss, grad } = mlpGradient(params, bx, by);
        losses[s] = loss;
        for (const k of MLP_PARAM_NAMES) {
          const p = params[k].data;
          const g = grad[k].data;
          for (let j = 0; j < p.length; j++) p[j] -= lr * g[j];
        }
        step++;
      }
      return losses;
    },
    snapshot() {
      return {
        step,
        loss: mlpGradient(params, data.x, data.labels).loss,
        accuracy: accuracy(params, data.x, data.labels),
        grid: decisionGrid(params, gridSize, bounds),
      };
    },
  };
}

export interface TrainResult {
  /** Batch loss before each step's update. */
  losses: Float64Array;
  /** Loss on the whole data set after training. */
  finalLoss: number;
  /** Share of the data set classified right after training. */
  accuracy: number;
  params: MlpParams;
  data: Dataset;
  grid: DecisionGrid;
}

/**
 * Trains the 2 → H → 2 network on a built-in data set with plain SGD, θ ← θ − η·∂L/∂θ, the
 * gradient taken by the tensor tape: a trainer advanced `steps` steps at once. Deterministic:
 * the same options give the same numbers.
 */
export function train(steps: number, options: TrainOptions = {}): TrainResult {
  const trainer = createTrainer(options);
  const losses = trainer.advance(steps);
  const end = trainer.snapshot();
  return { losses, finalLoss: end.loss, accuracy: end.accuracy, params: trainer.params, data: trainer.data, grid: end.grid };
}
