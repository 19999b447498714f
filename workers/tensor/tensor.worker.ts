/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { createTrainer, measureTapes, type CompareOptions, type TapeComparison, type TrainOptions } from '../../engine/tensor/index.ts';
import type { TensorWorkerApi, TrainStart, TrainUpdate } from './protocol.ts';
import { createTrainLoop, type Speed, type TrainLoop } from './trainLoop.ts';

/** The run in flight; a newer train() or stop() ends it before its next step. */
let loop: TrainLoop | null = null;

/** Training and the scalar-versus-tensor comparison, in a worker of their own so the lab's sliders never wait for them. */
const api = {
  async train(options: TrainOptions, steps: number, start: TrainStart, onUpdate: (update: TrainUpdate) => void): Promise<boolean> {
    loop?.end();
    try {
      const trainer = createTrainer(options);
      const send = (losses: Float64Array, trainMs: number, first = false) => {
        const s = trainer.snapshot();
        const p = trainer.params;
        const weights = { hidden: p.w1.cols, w1: p.w1.data.slice(), b1: p.b1.data.slice(), w2: p.w2.data.slice(), b2: p.b2.data.slice() };
        const update: TrainUpdate = { step: trainer.step, steps, losses, loss: s.loss, accuracy: s.accuracy, grid: s.grid, weights, trainMs, done: trainer.step >= steps };
        const buffers = [losses.buffer, s.grid.probability.buffer, weights.w1.buffer, weights.b1.buffer, weights.w2.buffer, weights.b2.buffer] as ArrayBuffer[];
        if (first) {
          update.data = { x: trainer.data.x.data.slice(), labels: trainer.data.labels.slice() };
          buffers.push(update.data.x.buffer as ArrayBuffer, update.data.labels.buffer as ArrayBuffer);
        }
        onUpdate(Comlink.transfer(update, buffers));
      };
      send(new Float64Array(0), 0, true);
      const mine = createTrainLoop({ trainer, steps, speed: start.speed, paused: start.paused, report: send });
      loop = mine;
      try {
        return await mine.run();
      } finally {
        if (loop === mine) loop = null;
      }
    } finally {
      (onUpdate as Partial<Comlink.ProxyMethods>)[Comlink.releaseProxy]?.();
    }
  },
  pause: (): number | null => loop?.pause() ?? null,
  resume(): void {
    loop?.resume();
  },
  step: (): Promise<number | null> => loop?.step() ?? Promise.resolve(null),
  setSpeed(speed: Speed): void {
    loop?.setSpeed(speed);
  },
  stop(): void {
    loop?.end();
  },
  /** One step of the same network and batch on the scalar tape and on the tensor tape, timed here in alternation. */
  compare(options: CompareOptions): TapeComparison {
    return measureTapes(options);
  },
} satisfies TensorWorkerApi;

Comlink.expose(api);
