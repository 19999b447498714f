import type { StateCreator } from 'zustand';

/** What only the page cares about: notices about corrected input, the disclosure, feedback. */
export interface ViewSlice {
  /** Plain sentences about settings that were corrected on load (a hand-edited link). */
  notices: string[];
  /** Whether the c, x₀ and target disclosure is open. */
  moreOpen: boolean;
  /** Feedback after "Copy link": null, 'copied' or 'failed'. */
  copyState: 'copied' | 'failed' | null;
  showNotices: (notices: string[]) => void;
  dismissNotices: () => void;
  setMoreOpen: (open: boolean) => void;
  setCopyState: (state: 'copied' | 'failed' | null) => void;
}

export const createViewSlice: StateCreator<ViewSlice, [], [], ViewSlice> = (set) => ({
  notices: [],
  moreOpen: false,
  copyState: null,
  showNotices: (notices) => set({ notices }),
  dismissNotices: () => set({ notices: [] }),
  setMoreOpen: (moreOpen) => set({ moreOpen }),
  setCopyState: (copyState) => set({ copyState }),
});
