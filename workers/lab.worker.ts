/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { runLab } from '../engine/index.ts';
import type { LabReport, LabSettings } from '../engine/report.ts';
import { reportBuffers } from './transfer.ts';

/** The engine, as the main thread sees it: one lab run per call, typed arrays moved, not copied. */
const api = {
  run(settings: LabSettings): LabReport {
    const report = runLab(settings);
    return Comlink.transfer(report, reportBuffers(report));
  },
};

export type LabWorkerApi = typeof api;

Comlink.expose(api);
