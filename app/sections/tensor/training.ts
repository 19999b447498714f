import type { TrainOptions } from '../../../engine/tensor/mlp.ts';
import { latestWins, type Latest } from '../../../workers/channel/latest.ts';
import type { Speed, TensorEngine } from '../../../workers/tensor/protocol.ts';
import type { LabStore } from '../../state/store/index.ts';
import { comparisonKeyOf, type TrainSettings } from './tensorSlice.ts';

export type { TensorEngine };

/** Milliseconds each tape is timed for in the comparison (after a quarter of that to warm up). */
export const COMPARE_MS = 250;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The training options of the panel's settings (the steps go separately). */
export function trainOptionsOf(t: TrainSettings): TrainOptions {
  return { dataset: t.dataset, hidden: t.hidden, learningRate: t.learningRate };
}

/** Starts a training run with the panel's settings, running or paused; any run in flight ends before its next step (latest wins). */
export function startTrainingRun(store: LabStore, engine: TensorEngine, paused = false): Promise<void> {
  const state = store.getState();
  const run = state.startTraining(paused);
  const settings = state.trainSettings;
  return engine
    .train(trainOptionsOf(settings), settings.steps, { speed: settings.speed, paused }, (update) => store.getState().receiveTrainUpdate(run, update))
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

/** Pauses the run in flight: the network, its curve and its region stay as they are. */
export function pauseTrainingRun(store: LabStore, engine: TensorEngine): void {
  const { trainRun, trainStatus } = store.getState();
  if (trainStatus !== 'running') return;
  store.getState().setTrainPaused(trainRun, true);
  void engine.pause().catch(() => undefined);
}

/** Goes on from the paused step with the same weights; a run that was never started starts. */
export function resumeTrainingRun(store: LabStore, engine: TensorEngine): void {
  const { trainRun, trainStatus } = store.getState();
  if (trainStatus !== 'paused') return;
  store.getState().setTrainPaused(trainRun, false);
  void engine.resume().catch(() => undefined);
}

/**
 * Takes exactly one step: of the paused run, or of a new run started paused when none is on
 * screen. Resolves with the step count after it (null when there was nothing to step).
 */
export function stepTrainingRun(store: LabStore, engine: TensorEngine): Promise<number | null> {
  const { trainStatus } = store.getState();
  if (trainStatus === 'idle') void startTrainingRun(store, engine, true);
  else if (trainStatus !== 'paused') return Promise.resolve(null);
  return engine.step().catch(() => null);
}

/**
 * Changes what is trained (data set, width, steps, learning rate). A run on screen starts over
 * with the new setting, as it was: running, or paused at step 0 showing the untrained network;
 * after a finished run the change waits for Train.
 */
export function changeTrainSetting<K extends Exclude<keyof TrainSettings, 'speed'>>(
  store: LabStore,
  engine: TensorEngine,
  key: K,
  value: TrainSettings[K],
): void {
  store.getState().setTrainSetting(key, value);
  const status = store.getState().trainStatus;
  if (status === 'running' || status === 'paused') void startTrainingRun(store, engine, status === 'paused');
}

/** Changes the pace: of the run in flight at once, and of the runs after it. */
export function setTrainingSpeed(store: LabStore, engine: TensorEngine, speed: Speed): void {
  store.getState().setTrainSetting('speed', speed);
  const status = store.getState().trainStatus;
  if (status === 'running' || status === 'paused') void engine.setSpeed(speed).catch(() => undefined);
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
