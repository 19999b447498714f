import { defineFeature } from '../../state/feature.ts';
import type { HashRead } from '../../state/url/part.ts';
import { goHashPart } from './goHashPart.ts';
import { createGoSlice, followGo, type GoSlice } from './goSlice.ts';

/**
 * `go=`: a link to one part of the lab, read each time the hash changes and never written back
 * (the lab's hash drops it). The targets are the features' own (their records' `go`).
 */
export const goFeature = defineFeature({
  name: 'go',
  slice: createGoSlice,
  hash: {
    part: goHashPart,
    of: () => null,
    load: (target, { store }) => {
      if (target) followGo(target, store.getState());
    },
  },
});

declare module '../../state/store/types.ts' {
  interface Features {
    go: { slice: GoSlice; hash: HashRead<typeof goHashPart> };
  }
}
