import type { StateCreator } from 'zustand';
import type { LabReport } from '../../../engine/report.ts';
import type { AppSettings } from '../settings/schema.ts';
import type { CachedPart } from '../../../workers/lab/cachedParts.ts';
import { shareEqual } from './structuralShare.ts';

/** What the worker sent back: the report on screen and the state of the request behind it. */
export interface ResultsSlice {
  /** The report every panel draws, or null before the first one arrives. */
  report: LabReport | null;
  /**
   * The settings `report` was computed for (its stale parts, listed in `stale`, are older still),
   * or null when not known. While a run is in flight they differ from the sliders'.
   */
  reportSettings: AppSettings | null;
  /** The id of the job that produced `report`; a report with a lower id is stale. */
  reportId: number;
  /** Parts of `report` carried over from older settings while their new values are computed. */
  stale: CachedPart[];
  /** True while a request has been outstanding for longer than the progress delay. */
  busy: boolean;
  /** What the run in flight computes, in words, while busy. */
  busyNote: string;
  /** The last request's failure, in words (cleared by the next report). */
  failure: string | null;
  /**
   * Paints a report unless a newer one is already on screen (latest wins). Returns whether it
   * was taken. Parts equal to the report on screen are kept as they are (shareEqual).
   */
  receiveReport: (report: LabReport, id: number, stale?: CachedPart[], settings?: AppSettings) => boolean;
  setBusy: (busy: boolean, note?: string) => void;
  setFailure: (message: string | null) => void;
}

export const createResultsSlice: StateCreator<ResultsSlice, [], [], ResultsSlice> = (set, get) => ({
  report: null,
  reportSettings: null,
  reportId: 0,
  stale: [],
  busy: false,
  busyNote: '',
  failure: null,
  receiveReport: (report, id, stale = [], settings) => {
    if (id <= get().reportId) return false;
    // Parts equal to those on screen keep their identity, so their charts are not drawn again.
    set({ report: shareEqual(get().report, report), reportSettings: settings ?? null, reportId: id, stale, failure: null });
    return true;
  },
  setBusy: (busy, note = '') => set({ busy, busyNote: busy ? note : '' }),
  setFailure: (failure) => set({ failure }),
});
