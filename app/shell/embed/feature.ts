import { defineFeature } from '../../state/feature.ts';
import type { HashRead } from '../../state/url/part.ts';
import { viewHashPart } from './embed.ts';
import { createEmbedSlice, type EmbedSlice } from './embedSlice.ts';

/** Embed mode: the view an iframe shows, in the store and in the hash (`embed`, `panels`); its part is named `view`. */
export const embedFeature = defineFeature({
  name: 'view',
  slice: createEmbedSlice,
  hash: {
    part: viewHashPart,
    of: (state) => state.embed,
    load: (embed, { store }) => store.getState().setEmbed(embed),
  },
});

declare module '../../state/store/types.ts' {
  interface Features {
    view: { slice: EmbedSlice; hash: HashRead<typeof viewHashPart> };
  }
}
