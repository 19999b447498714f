import type { LabSettings } from '../../engine/report.ts';
import type { PackedReport } from '../channel/transfer.ts';
import type { ChainTapeView } from '../../engine/tape-view.ts';
import type { PackedTapeView } from '../channel/transfer.ts';
import type { GradientTiming } from '../../engine/gradient-times.ts';
import type { MethodTimes } from '../../engine/method-times.ts';

/** What the lab's worker (lab.worker.ts) answers: one lab run per call, typed arrays moved, not copied. */
export interface LabWorkerApi {
  /**
   * One lab run, in slices: between them the worker reads its messages, so a `stop` sent during a
   * long sweep is heard. With a `serial`, the listener given to `listen` hears the fraction of the
   * sweep over epsilon done after each point, with that serial.
   */
  run(settings: LabSettings, serial?: number): Promise<PackedReport>;
  /**
   * The one port for every run's progress, given once per worker: the page exposes a listener
   * `(serial, fraction) => void` on its other end with Comlink. (A callback passed with each run
   * is a new MessageChannel and a transferred port per run: 1–3 ms of the page's main thread for
   * every slider input.)
   */
  listen(port: MessagePort): void;
  /** Stops the run in progress, if any: it rejects with LabCancelled at its next sweep point. */
  stop(): void;
  /** The chain recorded on a tape, with its sweep and the overwrite-bug sweep, for the tape panel. */
  tape(settings: LabSettings): PackedTapeView<ChainTapeView>;
  /** Milliseconds per whole gradient by reverse mode, forward mode and central differences at each chain length (the lesson). */
  times(steps: number[], minMs?: number): GradientTiming[];
  /**
   * Each method timed on the chain of `settings` here in the worker (against the plain run in alternated rounds: engine/method-times.ts). A
   * lab run asked for meanwhile starts between two samples; a run that starts, or is still
   * under way, makes the timing reject (TimingAbandoned): time again once the settings rest.
   * `idle`, when given, is awaited between samples: the page answers when its main thread is
   * idle (whenIdle in engine/slicing.ts), so the timing gives way to the page's own work.
   */
  time(settings: LabSettings, idle?: () => Promise<void>): Promise<MethodTimes>;
}
