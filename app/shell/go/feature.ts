import { defineFeature } from '../../state/feature.ts';
import type { HashRead } from '../../state/url/part.ts';
import { goHashPart } from './goHashPart.ts';
import { createGoSlice, type GoSlice } from './goSlice.ts';

/** `go=`: a link to one part of the lab. It is read once and never written back (the lab's hash drops it). */
export const goFeature = defineFeature({
  name: 'go',
  slice: createGoSlice,
  hash: { part: goHashPart, of: () => null },
});

declare module '../../state/store/types.ts' {
  interface Features {
    go: { slice: GoSlice; hash: HashRead<typeof goHashPart> };
  }
}
