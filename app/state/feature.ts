import type { StateCreator } from 'zustand';
import type { EngineHost } from '../../workers/lab/host.ts';
import type { LabState, LabStore } from './store/types.ts';
import type { HashPart } from './url/part.ts';

/** What a feature's wiring gets: the store, the page's window and the lab's engine. */
export interface Wiring {
  store: LabStore;
  window: Window;
  engine: EngineHost;
}

/** A feature's keys in the URL hash: its part, and what the page's state writes into it. */
export interface FeatureHash<Read, Write> {
  part: HashPart<Read, Write>;
  /** The part's value for the page's state (what a shared link of the lab holds). */
  of: (state: LabState) => Write;
}

/**
 * One feature, as the registry (app/shell/features.ts) lists it: its name, its slice of the store,
 * its part of the URL hash, and the wiring that starts it on the page. The core loops over these;
 * it never names a feature.
 */
export interface Feature {
  /** The feature's name: its row in `Features` and its part's name in `readHash(…).values`. */
  name: string;
  /** Its slice of the store. */
  slice?: StateCreator<LabState, [], [], object>;
  /** Its keys in the URL hash. */
  hash?: FeatureHash<unknown, unknown>;
  /** Starts what it does on the page (listening to the hash, asking a worker), in the registry's order. */
  wire?: (lab: Wiring) => void;
}

/**
 * A feature record, typed: its slice creator and hash part are checked against each other here,
 * then the record is kept as a plain `Feature` for the registry's list.
 */
export function defineFeature<S extends object, R, W>(feature: {
  name: string;
  slice?: StateCreator<S, [], [], S>;
  hash?: FeatureHash<R, W>;
  wire?: (lab: Wiring) => void;
}): Feature {
  return feature as Feature;
}
