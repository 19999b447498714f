import type { CompareOptions, TapeComparison } from '../../engine/tensor/compare.ts';
import type { TrainOptions } from '../../engine/tensor/mlp.ts';
import type { Speed } from './trainLoop.ts';

export type { Speed };

/** The network's weights and biases as they stand: W1 2×H, b1 1×H, W2 H×2, b2 1×2, row-major. */
export interface NetworkWeights {
  hidden: number;
  w1: Float64Array;
  b1: Float64Array;
  w2: Float64Array;
  b2: Float64Array;
}

/** One report of a training run: the steps since the last one, and the network as it stands. */
export interface TrainUpdate {
  /** SGD steps taken so far, of `steps`. */
  step: number;
  steps: number;
  /** The batch losses of the steps since the previous update (steps step − losses.length … step − 1). */
  losses: Float64Array;
  /** Loss and accuracy on the whole data set now. */
  loss: number;
  accuracy: number;
  /** P(class 1) on an n×n grid over the bounds, row r at y = yMin + r·Δy. */
  grid: { n: number; xMin: number; xMax: number; yMin: number; yMax: number; probability: Float64Array };
  /** The weights now, for the network diagram. */
  weights: NetworkWeights;
  /** Milliseconds spent in the SGD steps themselves (not the reports, not the pauses between them). */
  trainMs: number;
  /** The data set's points and labels: in the first update only. */
  data?: { x: Float64Array; labels: Int32Array };
  done: boolean;
}

/** How a run starts: its pace, and whether it waits for resume() or step() before its first step. */
export interface TrainStart {
  speed: Speed;
  paused: boolean;
}

/** What the tensor panel's worker (tensor.worker.ts) answers: training and the scalar-versus-tensor comparison. */
export interface TensorWorkerApi {
  /**
   * Trains the network `steps` SGD steps at `start.speed` steps per second, reporting to
   * `onUpdate` after each batch of steps (the first report, at step 0, carries the data). Resolves
   * true when done, false when a newer run or stop() ended it first.
   */
  train(options: TrainOptions, steps: number, start: TrainStart, onUpdate: (update: TrainUpdate) => void): Promise<boolean>;
  /** The run in flight takes no more steps until resume() or step(); answers the step it paused at (null with no run). */
  pause(): number | null;
  resume(): void;
  /** While paused, exactly one step; answers the step count after it (null with no run). */
  step(): Promise<number | null>;
  setSpeed(speed: Speed): void;
  /** Ends the training run in flight before its next step. */
  stop(): void;
  /** One step of the same network and batch on the scalar tape and on the tensor tape, timed in alternation. */
  compare(options: CompareOptions): TapeComparison;
}

/** The tensor panel's engine, as the panel calls it: its worker's host, or a fake in tests. */
export interface TensorEngine {
  train(options: TrainOptions, steps: number, start: TrainStart, onUpdate: (update: TrainUpdate) => void): Promise<boolean>;
  pause(): Promise<number | null>;
  resume(): Promise<void>;
  step(): Promise<number | null>;
  setSpeed(speed: Speed): Promise<void>;
  stop(): Promise<void>;
  compare(options: CompareOptions): Promise<TapeComparison>;
}
