import type { CompareOptions, TapeComparison } from '../../engine/tensor/compare.ts';
import type { TrainOptions } from '../../engine/tensor/mlp.ts';

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
  /** Milliseconds spent in the SGD steps themselves (not the reports, not the pauses between them). */
  trainMs: number;
  /** The data set's points and labels: in the first update only. */
  data?: { x: Float64Array; labels: Int32Array };
  done: boolean;
}

/** What the tensor panel's worker (tensor.worker.ts) answers: training and the scalar-versus-tensor comparison. */
export interface TensorWorkerApi {
  /**
   * Trains the network `steps` SGD steps, reporting to `onUpdate` about sixty times. Resolves
   * true when done, false when a newer run or stop() ended it first.
   */
  train(options: TrainOptions, steps: number, onUpdate: (update: TrainUpdate) => void): Promise<boolean>;
  /** Ends the training run in flight at its next pause. */
  stop(): void;
  /** One step of the same network and batch on the scalar tape and on the tensor tape, timed in alternation. */
  compare(options: CompareOptions): TapeComparison;
}

/** The tensor panel's engine, as the panel calls it: its worker's host, or a fake in tests. */
export interface TensorEngine {
  train(options: TrainOptions, steps: number, onUpdate: (update: TrainUpdate) => void): Promise<boolean>;
  stop(): Promise<void>;
  compare(options: CompareOptions): Promise<TapeComparison>;
}
