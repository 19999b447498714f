/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { chainTapeView, LabInputError, paramsOf, runLab, validateSettings, type ChainTapeView } from '../engine/index.ts';
import type { LabReport, LabSettings } from '../engine/report.ts';
import { reportBuffers, tapeViewBuffers } from './transfer.ts';

/** The engine, as the main thread sees it: one lab run per call, typed arrays moved, not copied. */
const api = {
  run(settings: LabSettings): LabReport {
    const report = runLab(settings);
    return Comlink.transfer(report, reportBuffers(report));
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
