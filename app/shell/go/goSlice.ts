import type { StateCreator } from 'zustand';
import type { GoTarget } from './goHashPart.ts';

/** The panels of the chain's figures (app/lab/panels), which a link can bring into view too. */
export type LinkedPanel = 'reverse' | 'forward' | 'fd' | 'checkpoint' | 'work';

/** Sections a link brings into view, besides the playground (which has its own `exprLinked`). */
export type LinkedSection = 'tape' | 'tradeoffs' | 'tensor' | 'bugs' | 'hvp' | LinkedPanel;

/** How many times a link has asked for each section: each rise scrolls it into view once. */
export interface GoSlice {
  sectionLinked: Readonly<Record<LinkedSection, number>>;
  noteSectionLinked: (section: LinkedSection) => void;
}

export const createGoSlice: StateCreator<GoSlice, [], [], GoSlice> = (set) => ({
  sectionLinked: { tape: 0, tradeoffs: 0, tensor: 0, bugs: 0, hvp: 0, reverse: 0, forward: 0, fd: 0, checkpoint: 0, work: 0 },
  noteSectionLinked: (section) => set((s) => ({ sectionLinked: { ...s.sectionLinked, [section]: s.sectionLinked[section] + 1 } })),
});

/** What the store does when a link says `go=…`: wants the section's body, opens it, brings it into view. */
export interface GoActions {
  noteExprLinked(): void;
  noteSectionLinked(section: LinkedSection): void;
  setTapeWanted(wanted: boolean): void;
  setOverwrite(overwrite: boolean): void;
  setTradeoffsWanted(wanted: boolean): void;
  setTensorWanted(wanted: boolean): void;
  setBugsWanted(wanted: boolean): void;
}

/** Follows a `go=` link. */
export function followGo(target: GoTarget, state: GoActions): void {
  switch (target) {
    case 'playground':
      return state.noteExprLinked();
    case 'pitfall':
      state.setOverwrite(true);
      state.setTapeWanted(true);
      return state.noteSectionLinked('tape');
    case 'tape':
      state.setTapeWanted(true);
      return state.noteSectionLinked('tape');
    case 'tradeoffs':
      state.setTradeoffsWanted(true);
      return state.noteSectionLinked('tradeoffs');
    case 'tensor':
      state.setTensorWanted(true);
      return state.noteSectionLinked('tensor');
    case 'bugs':
    case 'hvp':
      state.setBugsWanted(true);
      return state.noteSectionLinked(target);
    // The panels are always on the page: nothing to load, only to bring into view.
    case 'reverse':
    case 'forward':
    case 'fd':
    case 'checkpoint':
    case 'work':
      return state.noteSectionLinked(target);
  }
}
