import { defineFeature } from '../../state/feature.ts';
import type { HashRead } from '../../state/url/part.ts';
import { playgroundHashPart } from './hash.ts';
import { createPlaygroundSlice, type PlaygroundSlice } from './playgroundSlice.ts';

/** The expression playground: its expression in the store and in the hash (`expr`, `at`). */
export const playgroundFeature = defineFeature({
  name: 'playground',
  slice: createPlaygroundSlice,
  hash: {
    part: playgroundHashPart,
    of: (state) => ({ source: state.exprSource, variables: state.exprVariables, values: state.exprValues }),
  },
});

declare module '../../state/store/types.ts' {
  interface Features {
    playground: { slice: PlaygroundSlice; hash: HashRead<typeof playgroundHashPart> };
  }
}
