import type { TrainOptions } from '../../engine/tensor/mlp.ts';
import { latestWins, type Latest } from '../../workers/channel/latest.ts';
import type { TensorEngine } from '../../workers/tensor/protocol.ts';
import type { LabStore } from '../store/index.ts';
import { comparisonKeyOf, type TrainSettings } from './tensorSlice.ts';

export type { TensorEngine };

/** Milliseconds each tape is timed for in the comparison (after a quarter of that to warm up). */
export const COMPARE_MS = 250;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The training options of the panel's settings (the steps go separately). */
export function trainOptionsOf(t: TrainSettings): TrainOptions {
  return { dataset: t.dataset, hidden: t.hidden, learningRate: t.learningRate };
}

/** Starts a training run with the panel's settings; any run in flight ends at its next pause (latest wins). */
export function startTrainingRun(store: LabStore, engine: TensorEngine): Promise<void> {
  const state = store.getState();
  const run = state.startTraining();
  const settings = state.trainSettings;
  return engine
    .train(trainOptionsOf(settings), settings.steps, (update) => store.getState().receiveTrainUpdate(run, update))
    .then(
      (done) => store.getState().endTraining(run, done ? 'done' : 'stopped'),
      (error: unknown) => store.getState().endTraining(run, 'failed', messageOf(error)),
    );
}

/** Stops the run in flight; what it drew stays. */
export function stopTrainingRun(store: LabStore, engine: TensorEngine): void {
  void engine.stop().catch(() => undefined);
  store.getState().endTraining(store.getState().trainRun, 'stopped');
}

/**
 * Measures the scalar tape against the tensor tape on the network the panel trains (its width
 * and data set, the whole data set as the batch). Latest wins: changing the network while a
 * measurement runs measures the newest one next.
 */
export function createMeasurer(store: LabStore, engine: TensorEngine): Latest<Pick<TrainSettings, 'dataset' | 'hidden'>> {
  return latestWins(
    (t: Pick<TrainSettings, 'dataset' | 'hidden'>) => {
      store.getState().setComparing(true);
      return engine.compare({ dataset: t.dataset, hidden: t.hidden, minMs: COMPARE_MS });
    },
    (comparison, t) => store.getState().receiveComparison(comparison, comparisonKeyOf(t)),
    (error, t) => store.getState().receiveComparison(null, comparisonKeyOf(t), messageOf(error)),
  );
}
