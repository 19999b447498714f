/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { chainTapeView, LabInputError, paramsOf, runLab, validateSettings, type ChainTapeView } from '../engine/index.ts';
import type { LabReport, LabSettings } from '../engine/report.ts';
import { reportBuffers, tapeViewBuffers } from './transfer.ts';

/** The engine, as the main thread sees it: one lab run per call, typed arrays moved, not copied. */
const api = {
  /**
   * One lab run. `onProgress` (a Comlink.proxy from the page) hears the fraction of the sweep over
   * epsilon done after each point; each call is one message, posted while the sweep goes on.
   */
  run(settings: LabSettings, onProgress?: (fraction: number) => void): LabReport {
    try {
      const report = runLab(settings, onProgress ? { onProgress: (_stage, fraction) => void onProgress(fraction) } : {});
      return Comlink.transfer(report, reportBuffers(report));
    } finally {
      // Close the callback's message port now rather than when it is garbage-collected.
      (onProgress as Partial<Comlink.ProxyMethods> | undefined)?.[Comlink.releaseProxy]?.();
    }
  },
  /** The chain recorded on a tape, with its sweep and the overwrite-bug sweep, for the tape panel. */
  tape(settings: LabSettings): ChainTapeView {
    const problem = validateSettings(settings);
    if (problem) throw new LabInputError(problem);
    const view = chainTapeView(paramsOf(settings));
    return Comlink.transfer(view, tapeViewBuffers(view));
  },
};

export type LabWorkerApi = typeof api;

Comlink.expose(api);
