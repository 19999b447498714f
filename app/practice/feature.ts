import { defineFeature } from '../state/feature.ts';
import type { HashRead } from '../state/url/part.ts';
import { practiceHashPart } from './hashPart.ts';
import { createPracticeSlice, type PracticeSlice } from './slice.ts';
import { startPractice } from './wire.ts';

/** Practice: its place in the store and in the hash (`practice`, `level`, `seed`, `pose`), and the wiring that follows it. */
export const practiceFeature = defineFeature({
  name: 'practice',
  slice: createPracticeSlice,
  hash: { part: practiceHashPart, of: (state) => state.practice },
  wire: ({ store, window }) => startPractice(store, window),
});

declare module '../state/store/types.ts' {
  interface Features {
    practice: { slice: PracticeSlice; hash: HashRead<typeof practiceHashPart> };
  }
}
