import * as Comlink from 'comlink';
import type { TensorWorkerApi } from '../../workers/tensor.worker.ts';
import { sideWorker } from '../worker/sideWorker.ts';
import type { TensorEngine } from './run.ts';

/** The tensor panel's worker: training and timing, apart from the lab's worker so neither waits for the other. */
const worker = sideWorker<TensorWorkerApi>(
  () => new Worker(new URL('../../workers/tensor.worker.ts', import.meta.url), { type: 'module', name: 'tape-lab-tensors' }),
);

export const tensorEngine: TensorEngine = {
  train: (options, steps, onUpdate) => worker.call((remote) => remote.train(options, steps, Comlink.proxy(onUpdate))),
  stop: () => worker.call((remote) => remote.stop()),
  compare: (options) => worker.call((remote) => remote.compare(options)),
};
