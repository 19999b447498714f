import * as Comlink from 'comlink';
import { openChannel } from '../channel/channel.ts';
import { comlinkWorker } from '../channel/comlink.ts';
import type { TensorEngine, TensorWorkerApi } from './protocol.ts';

/**
 * The tensor panel's worker: training and timing, apart from the lab's worker so neither waits for
 * the other; started on the panel's first call and after a fault on the next one.
 */
const channel = openChannel({
  spawn: () =>
    comlinkWorker<TensorWorkerApi>(new Worker(new URL('./tensor.worker.ts', import.meta.url), { type: 'module', name: 'tape-lab-tensors' })),
});

export const tensorEngine: TensorEngine = {
  train: (options, steps, start, onUpdate) => channel.call(({ remote }) => remote.train(options, steps, start, Comlink.proxy(onUpdate))),
  pause: () => channel.call(({ remote }) => remote.pause()),
  resume: () => channel.call(({ remote }) => remote.resume()),
  step: () => channel.call(({ remote }) => remote.step()),
  setSpeed: (speed) => channel.call(({ remote }) => remote.setSpeed(speed)),
  stop: () => channel.call(({ remote }) => remote.stop()),
  compare: (options) => channel.call(({ remote }) => remote.compare(options)),
};
