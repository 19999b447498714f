import * as Comlink from 'comlink';
import type { LabReport, LabSettings } from '../../engine/report.ts';
import type { ChainTapeView } from '../../engine/tape-view.ts';
import type { MethodTimes } from '../../engine/method-times.ts';
import { openChannel, type Channel, type ChannelOptions, type ProgressListener, type WorkerInstance } from '../channel/channel.ts';
import { comlinkWorker } from '../channel/comlink.ts';
import { timingTurn } from '../channel/turns.ts';
import { unpackReport, unpackTapeView } from '../channel/transfer.ts';
import { whenIdle } from '../../engine/slicing.ts';
import type { LabWorkerApi } from './protocol.ts';

/** One started lab worker, as its host needs it. */
export interface EngineInstance extends WorkerInstance {
  run(settings: LabSettings, onProgress: ProgressListener): Promise<LabReport>;
  /** Asks the run in progress to stop at its next sweep point (it then rejects with LabCancelled). */
  stop(): void;
  /** The chain recorded on a tape, for the tape panel. */
  tape(settings: LabSettings): Promise<ChainTapeView>;
  /** Each method timed on the chain, for the Work panel. */
  time(settings: LabSettings): Promise<MethodTimes>;
}

export type EngineHostOptions = Pick<ChannelOptions<EngineInstance>, 'spawn' | 'stallMs' | 'onRestart'>;

/** The lab's worker as the page uses it: `run` is the watched, cancellable run (see Channel). */
export interface EngineHost extends Pick<Channel<EngineInstance>, 'cancel' | 'started'> {
  run(settings: LabSettings, onProgress?: ProgressListener): Promise<LabReport>;
  tape(settings: LabSettings): Promise<ChainTapeView>;
  time(settings: LabSettings): Promise<MethodTimes>;
}

/** The engine refusing settings it cannot use (LabInputError): an answer, not a fault. */
export function isRefusal(error: Error): boolean {
  return error.name === 'LabInputError';
}

/** The lab's worker behind the channel: started at once, restarted at once, its runs cancellable. */
export function createEngineHost(options: EngineHostOptions): EngineHost {
  const channel = openChannel<EngineInstance>({ ...options, eager: true, stop: (worker) => worker.stop(), isAnswer: isRefusal });
  return {
    get started() {
      return channel.started;
    },
    run: (settings, onProgress) => channel.run((worker, progress) => worker.run(settings, progress), onProgress).then(unpackReport),
    tape: (settings) => channel.call((worker) => worker.tape(settings)),
    time: (settings) => timingTurn(() => channel.call((worker) => worker.time(settings))),
    cancel: () => channel.cancel(),
  };
}

/** Starts one lab worker and wraps it with Comlink. */
function spawnEngine(): EngineInstance {
  const worker = new Worker(new URL('./lab.worker.ts', import.meta.url), { type: 'module', name: 'tape-lab-engine' });
  const { remote, onFault, terminate } = comlinkWorker<LabWorkerApi>(worker);
  // One progress port for the worker's life; each run's progress carries its serial, so a late
  // message from a finished run never reaches the next run's listener.
  const listeners = new Map<number, ProgressListener>();
  let serial = 0;
  const progress = new MessageChannel();
  Comlink.expose((from: number, fraction: number) => listeners.get(from)?.(fraction), progress.port1);
  void remote.listen(Comlink.transfer(progress.port2, [progress.port2])).catch(() => {});
  return {
    run: (settings, onProgress) => {
      const mine = ++serial;
      listeners.set(mine, onProgress);
      return remote.run(settings, mine).finally(() => listeners.delete(mine));
    },
    stop: () => void remote.stop().catch(() => {}),
    tape: (settings) => remote.tape(settings).then(unpackTapeView),
    // The worker asks before each sample whether the page is idle: timing is background work.
    time: (settings) => remote.time(settings, Comlink.proxy(() => whenIdle())),
    onFault,
    terminate: () => {
      // The progress port is this worker's alone: closed with it, not left for the collector.
      progress.port1.close();
      terminate();
    },
  };
}

/**
 * Starts the engine's worker behind a host that restarts it after a fault and can cancel a run.
 * The worker is created at once, so its script is fetched while the page loads and the lab keeps
 * working offline afterwards.
 */
export function connectLabWorker(onRestart?: (reason: string) => void): EngineHost {
  return createEngineHost({ spawn: spawnEngine, onRestart });
}
