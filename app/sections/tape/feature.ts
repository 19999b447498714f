import { defineFeature } from '../../state/feature.ts';
import { createTapeSlice, type TapeSlice } from './tapeSlice.ts';
import { startTape } from './tapeSync.ts';

/** "Step through the tape": its slice, and the wiring that asks the engine for the tape. */
export const tapeFeature = defineFeature({
  name: 'tape',
  slice: createTapeSlice,
  wire: ({ store, engine }) => startTape(store, engine),
});

declare module '../../state/store/types.ts' {
  interface Features {
    tape: { slice: TapeSlice };
  }
}
