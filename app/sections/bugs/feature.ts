import { defineFeature } from '../../state/feature.ts';
import type { HashRead } from '../../state/url/part.ts';
import { BugsSection } from './BugsSection.tsx';
import { bugsHashPart } from './hashPart.ts';
import { createBugsSlice, type BugsSlice } from './slice.ts';

/**
 * "Bugs you will meet": the bug switched on, in the store and in the hash (`bug=`); its place at
 * the foot of the page; its links (`go=bugs`, and `go=hvp` for its Second derivatives part).
 */
export const bugsFeature = defineFeature({
  name: 'bugs',
  slice: createBugsSlice,
  hash: {
    part: bugsHashPart,
    of: (state) => state.bugOn,
    load: (bug, { store }) => {
      if (bug !== store.getState().bugOn) store.getState().setBugOn(bug);
    },
  },
  section: { area: 'below', place: 50, Component: BugsSection },
  go: {
    bugs: (state) => {
      state.setBugsWanted(true);
      state.noteSectionLinked('bugs');
    },
    hvp: (state) => {
      state.setBugsWanted(true);
      state.noteSectionLinked('hvp');
    },
  },
});

declare module '../../state/store/types.ts' {
  interface Features {
    bugs: { slice: BugsSlice; hash: HashRead<typeof bugsHashPart>; go: 'bugs' | 'hvp' };
  }
}
