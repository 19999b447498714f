import { defineFeature } from '../../state/feature.ts';
import { TapeSection } from './TapeSection.tsx';
import { createTapeSlice, type TapeSlice } from './tapeSlice.ts';
import { startTape } from './tapeSync.ts';

/**
 * "The tape": its slice, its section (in the chain's part of the page, and in an embed that asks
 * for `panels=tape`), its links (`go=tape`; `go=pitfall` turns the overwriting sweep on first),
 * and the wiring that asks the engine for the tape.
 */
export const tapeFeature = defineFeature({
  name: 'tape',
  slice: createTapeSlice,
  section: { area: 'chain', place: 10, Component: TapeSection, embed: 'tape' },
  go: {
    tape: (state) => {
      state.setTapeWanted(true);
      state.noteSectionLinked('tape');
    },
    pitfall: (state) => {
      state.setOverwrite(true);
      state.setTapeWanted(true);
      state.noteSectionLinked('tape');
    },
  },
  wire: ({ store, engine }) => startTape(store, engine),
});

declare module '../../state/store/types.ts' {
  interface Features {
    tape: { slice: TapeSlice; go: 'tape' | 'pitfall' };
  }
}
