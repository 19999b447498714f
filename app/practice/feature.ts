import { defineFeature } from '../state/feature.ts';
import type { HashRead } from '../state/url/part.ts';
import { practiceHashPart } from './hashPart.ts';
import { createPracticeSlice, type PracticeSlice } from './slice.ts';
import { startPractice } from './wire.ts';

/**
 * Practice: its place in the store and in the hash (`practice`, `level`, `seed`, `pose`), its page
 * (drawn instead of the lab while the hash names an exercise, unless it names a chapter too), and
 * the wiring that follows it.
 */
export const practiceFeature = defineFeature({
  name: 'practice',
  slice: createPracticeSlice,
  hash: { part: practiceHashPart, of: (state) => state.practice },
  page: {
    shown: (state) => state.practice !== null,
    load: () => import('./PracticePage.tsx').then((m) => ({ default: m.PracticePage })),
    title: 'practice',
    rest: 'The lab still works: remove #practice from the address, or Retry once the network is back.',
    loading: 'Loading practice…',
  },
  wire: ({ store, window }) => startPractice(store, window),
});

declare module '../state/store/types.ts' {
  interface Features {
    practice: { slice: PracticeSlice; hash: HashRead<typeof practiceHashPart> };
  }
}
