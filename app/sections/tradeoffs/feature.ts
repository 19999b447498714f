import { defineFeature } from '../../state/feature.ts';
import type { HashRead } from '../../state/url/part.ts';
import { decodeTradeoffs, tradeoffsHashPart } from './hashPart.ts';
import { sameLevers } from './levers.ts';
import { createTradeoffsSlice, type TradeoffsSlice } from './slice.ts';
import { TradeoffsSection } from './TradeoffsSection.tsx';

/**
 * "What frameworks hide": its levers in the store and in the hash (`window`, `fused`, `saved`,
 * `outputs`), checked against the link's own steps; its place below the chain; its link (`go=tradeoffs`).
 */
export const tradeoffsFeature = defineFeature({
  name: 'tradeoffs',
  slice: createTradeoffsSlice,
  hash: {
    part: tradeoffsHashPart,
    of: (state) => ({ levers: state.levers, steps: state.steps }),
    load: (raw, { store, values }) => {
      const { levers, notices } = decodeTradeoffs(raw, values.settings.steps);
      if (!sameLevers(levers, store.getState().levers)) store.getState().replaceLevers(levers);
      return notices;
    },
  },
  section: { area: 'below', place: 40, Component: TradeoffsSection },
  go: {
    tradeoffs: (state) => {
      state.setTradeoffsWanted(true);
      state.noteSectionLinked('tradeoffs');
    },
  },
});

declare module '../../state/store/types.ts' {
  interface Features {
    tradeoffs: { slice: TradeoffsSlice; hash: HashRead<typeof tradeoffsHashPart>; go: 'tradeoffs' };
  }
}
