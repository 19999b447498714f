import type { StateCreator } from 'zustand';
import type { TradeoffsFigures, TradeoffsTimings } from '../../../engine/tradeoffs/report.ts';
import { LEVER_DEFAULTS, type Levers } from './levers.ts';

/** The section "What frameworks hide": its levers, and what the worker last answered. */
export interface TradeoffsSlice {
  /** True once the section has come near the screen: only then does its worker start. */
  tradeoffsWanted: boolean;
  levers: Levers;
  /** The four figures' data for the chain and levers on screen (or the last good one). */
  tradeoffs: TradeoffsFigures | null;
  /** Measured times, for the chain settings in `timingsKey`. */
  timings: TradeoffsTimings | null;
  timingsKey: string | null;
  measuring: boolean;
  /**
   * What the worker is computing now for the figures, and for the times, in words ("the
   * truncation curve, 1,001 recordings"); null while nothing long is under way.
   */
  tradeoffsStage: string | null;
  timingsStage: string | null;
  tradeoffsFailure: string | null;
  setTradeoffsWanted: (wanted: boolean) => void;
  setLever: <K extends keyof Levers>(key: K, value: Levers[K]) => void;
  replaceLevers: (levers: Levers) => void;
  receiveTradeoffs: (figures: TradeoffsFigures | null, failure?: string) => void;
  setMeasuring: (measuring: boolean) => void;
  setTradeoffsStage: (stage: string | null) => void;
  setTimingsStage: (stage: string | null) => void;
  receiveTimings: (timings: TradeoffsTimings | null, key: string) => void;
}

export const createTradeoffsSlice: StateCreator<TradeoffsSlice, [], [], TradeoffsSlice> = (set, get) => ({
  tradeoffsWanted: false,
  levers: { ...LEVER_DEFAULTS },
  tradeoffs: null,
  timings: null,
  timingsKey: null,
  measuring: false,
  tradeoffsStage: null,
  timingsStage: null,
  tradeoffsFailure: null,
  setTradeoffsWanted: (tradeoffsWanted) => set({ tradeoffsWanted }),
  setLever: (key, value) => set({ levers: { ...get().levers, [key]: value } }),
  replaceLevers: (levers) => set({ levers: { ...levers } }),
  receiveTradeoffs: (figures, failure) =>
    set(figures ? { tradeoffs: figures, tradeoffsFailure: null } : { tradeoffsFailure: failure ?? 'the worker did not answer' }),
  setMeasuring: (measuring) => set({ measuring }),
  setTradeoffsStage: (tradeoffsStage) => set({ tradeoffsStage }),
  setTimingsStage: (timingsStage) => set({ timingsStage }),
  receiveTimings: (timings, key) => set({ timings, timingsKey: key, measuring: false }),
});
