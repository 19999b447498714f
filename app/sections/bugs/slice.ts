import type { StateCreator } from 'zustand';
import type { ChainBugFigures, PrecisionBug, TrainingBugs } from '../../../engine/bugs/index.ts';
import type { BugKey } from './names.ts';

/** "Bugs you will meet": the bug switched on, H·v's direction, and what the worker last answered. */
export interface BugsSlice {
  /** True once the section has come near the screen (or a link switched a bug on): only then does its worker start. */
  bugsWanted: boolean;
  /** The bug switched on, or null (in the hash as `bug=`). */
  bugOn: BugKey | null;
  /** v of the "Second derivatives" panel. */
  hvpDirection: 'ones' | 'random';
  bugsChain: ChainBugFigures | null;
  /** The float32 sweep, for the chain settings in `bugsPrecisionKey`. */
  bugsPrecision: PrecisionBug | null;
  bugsPrecisionKey: string | null;
  bugsTraining: TrainingBugs | null;
  bugsFailure: string | null;
  setBugsWanted: (wanted: boolean) => void;
  setBugOn: (bug: BugKey | null) => void;
  setHvpDirection: (direction: 'ones' | 'random') => void;
  receiveBugsChain: (figures: ChainBugFigures | null, failure?: string) => void;
  receiveBugsPrecision: (precision: PrecisionBug | null, key: string) => void;
  receiveBugsTraining: (training: TrainingBugs | null) => void;
}

export const createBugsSlice: StateCreator<BugsSlice, [], [], BugsSlice> = (set) => ({
  bugsWanted: false,
  bugOn: null,
  hvpDirection: 'ones',
  bugsChain: null,
  bugsPrecision: null,
  bugsPrecisionKey: null,
  bugsTraining: null,
  bugsFailure: null,
  setBugsWanted: (bugsWanted) => set({ bugsWanted }),
  setBugOn: (bugOn) => set({ bugOn }),
  setHvpDirection: (hvpDirection) => set({ hvpDirection }),
  receiveBugsChain: (figures, failure) =>
    set(figures ? { bugsChain: figures, bugsFailure: null } : { bugsFailure: failure ?? 'the worker did not answer' }),
  receiveBugsPrecision: (bugsPrecision, bugsPrecisionKey) => set({ bugsPrecision, bugsPrecisionKey }),
  receiveBugsTraining: (bugsTraining) => set({ bugsTraining }),
});
