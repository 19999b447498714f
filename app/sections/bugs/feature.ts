import { defineFeature } from '../../state/feature.ts';
import type { HashRead } from '../../state/url/part.ts';
import { bugsHashPart } from './hashPart.ts';
import { createBugsSlice, type BugsSlice } from './slice.ts';

/** "Bugs you will meet": the bug switched on, in the store and in the hash (`bug=`). */
export const bugsFeature = defineFeature({
  name: 'bugs',
  slice: createBugsSlice,
  hash: { part: bugsHashPart, of: (state) => state.bugOn },
});

declare module '../../state/store/types.ts' {
  interface Features {
    bugs: { slice: BugsSlice; hash: HashRead<typeof bugsHashPart> };
  }
}
