/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { createTrainer, measureTapes, type CompareOptions, type TapeComparison, type TrainOptions } from '../../engine/tensor/index.ts';
import type { TensorWorkerApi, TrainUpdate } from './protocol.ts';


/** The run that may go on; a newer train() or stop() bumps it, and the older loop ends at its next pause. */
let current = 0;

/** About this many updates a run, whatever its length, so the loss can be watched going down. */
const UPDATES = 60;
/** Pause between updates: lets a newer request in, and paces the drawing. */
const PAUSE_MS = 16;

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, PAUSE_MS));

/** Training and the scalar-versus-tensor comparison, in a worker of their own so the lab's sliders never wait for them. */
const api = {
  /**
   * Trains the network `steps` SGD steps, reporting to `onUpdate` about sixty times. Resolves
   * true when done, false when a newer run or stop() ended it first.
   */
  async train(options: TrainOptions, steps: number, onUpdate: (update: TrainUpdate) => void): Promise<boolean> {
    const run = ++current;
    try {
      const trainer = createTrainer(options);
      const chunk = Math.max(1, Math.ceil(steps / UPDATES));
      let trainMs = 0;
      const send = (losses: Float64Array, first: boolean) => {
        const s = trainer.snapshot();
        const update: TrainUpdate = {
          step: trainer.step,
          steps,
          losses,
          loss: s.loss,
          accuracy: s.accuracy,
          grid: s.grid,
          trainMs,
          done: trainer.step >= steps,
        };
        const buffers = [losses.buffer as ArrayBuffer, s.grid.probability.buffer as ArrayBuffer];
        if (first) {
          update.data = { x: trainer.data.x.data.slice(), labels: trainer.data.labels.slice() };
          buffers.push(update.data.x.buffer as ArrayBuffer, update.data.labels.buffer as ArrayBuffer);
        }
        onUpdate(Comlink.transfer(update, buffers));
      };
      send(new Float64Array(0), true);
      while (trainer.step < steps) {
        await pause();
        if (run !== current) return false;
        const t0 = performance.now();
        const losses = trainer.advance(Math.min(chunk, steps - trainer.step));
        trainMs += performance.now() - t0;
        send(losses, false);
      }
      return true;
    } finally {
      (onUpdate as Partial<Comlink.ProxyMethods>)[Comlink.releaseProxy]?.();
    }
  },
  /** Ends the training run in flight at its next pause. */
  stop(): void {
    current++;
  },
  /** One step of the same network and batch on the scalar tape and on the tensor tape, timed here in alternation. */
  compare(options: CompareOptions): TapeComparison {
    return measureTapes(options);
  },
} satisfies TensorWorkerApi;

Comlink.expose(api);
