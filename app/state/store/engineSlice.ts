import type { StateCreator } from 'zustand';
import { ENGINE_RESTARTED } from '../../../workers/channel/faults.ts';

/** What the page says about the engine itself: how far a long run is, and faults or cancels. */
export interface EngineSlice {
  /** The fraction of the sweep over epsilon done by the run in flight (0 … 1), or null when unknown. */
  progress: number | null;
  /**
   * One line about the engine that the reports cannot say: it stopped and was restarted, or a
   * run was cancelled and the figures on screen belong to the earlier settings. Null when none.
   */
  engineNote: string | null;
  /** Counts the worker's restarts after a fault (app/lab/labSync.ts recomputes on each). */
  restarts: number;
  /** Counts the user's cancel requests (app/lab/labSync.ts passes each to the worker's host). */
  cancels: number;
  setProgress: (progress: number | null) => void;
  setEngineNote: (note: string | null) => void;
  /** The worker stopped and was replaced: say so, and let the wiring recompute. */
  noteRestart: () => void;
  /** Asks for the run in flight to be stopped. */
  requestCancel: () => void;
}

export const createEngineSlice: StateCreator<EngineSlice, [], [], EngineSlice> = (set) => ({
  progress: null,
  engineNote: null,
  restarts: 0,
  cancels: 0,
  setProgress: (progress) => set({ progress }),
  setEngineNote: (engineNote) => set({ engineNote }),
  noteRestart: () => set((s) => ({ restarts: s.restarts + 1, engineNote: ENGINE_RESTARTED })),
  requestCancel: () => set((s) => ({ cancels: s.cancels + 1 })),
});
