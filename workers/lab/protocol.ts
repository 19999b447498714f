import type { LabSettings } from '../../engine/report.ts';
import type { PackedReport } from '../channel/transfer.ts';
import type { ChainTapeView } from '../../engine/tape-view.ts';
import type { GradientTiming } from '../../engine/gradient-times.ts';
import type { MethodTimes } from '../../engine/method-times.ts';

/** What the lab's worker (lab.worker.ts) answers: one lab run per call, typed arrays moved, not copied. */
export interface LabWorkerApi {
  /**
   * One lab run, in slices: between them the worker reads its messages, so a `stop` sent during a
   * long sweep is heard. `onProgress` hears the fraction of the sweep over epsilon done after each point.
   */
  run(settings: LabSettings, onProgress?: (fraction: number) => void): Promise<PackedReport>;
  /** Stops the run in progress, if any: it rejects with LabCancelled at its next sweep point. */
  stop(): void;
  /** The chain recorded on a tape, with its sweep and the overwrite-bug sweep, for the tape panel. */
  tape(settings: LabSettings): ChainTapeView;
  /** Milliseconds per whole gradient by reverse mode, forward mode and central differences at each chain length (the lesson). */
  times(steps: number[], minMs?: number): GradientTiming[];
  /** Each method timed on the chain of `settings` here in the worker (median of a few runs). */
  time(settings: LabSettings): MethodTimes;
}
