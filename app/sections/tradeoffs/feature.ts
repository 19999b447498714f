import { defineFeature } from '../../state/feature.ts';
import type { HashRead } from '../../state/url/part.ts';
import { tradeoffsHashPart } from './hashPart.ts';
import { createTradeoffsSlice, type TradeoffsSlice } from './slice.ts';

/** "What frameworks hide": its levers in the store and in the hash (`window`, `fused`, `saved`, `outputs`). */
export const tradeoffsFeature = defineFeature({
  name: 'tradeoffs',
  slice: createTradeoffsSlice,
  hash: { part: tradeoffsHashPart, of: (state) => ({ levers: state.levers, steps: state.steps }) },
});

declare module '../../state/store/types.ts' {
  interface Features {
    tradeoffs: { slice: TradeoffsSlice; hash: HashRead<typeof tradeoffsHashPart> };
  }
}
