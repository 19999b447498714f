import type { ComponentType } from 'react';
import type { StateCreator } from 'zustand';
import type { EngineHost } from '../../workers/lab/host.ts';
import type { GoTarget, HashValues, LabState, LabStore } from './store/types.ts';
import type { HashPart } from './url/part.ts';

/** What a feature's wiring gets: the store, the page's window and the lab's engine. */
export interface Wiring {
  store: LabStore;
  window: Window;
  engine: EngineHost;
}

/** A feature's keys in the URL hash: its part, what the page's state writes into it, and how a lab link's value is loaded. */
export interface FeatureHash<Read, Write> {
  part: HashPart<Read, Write>;
  /**
   * The part's value for the page's state (what a shared link of the lab holds). Its fields are
   * the store's own values: the lab writes the hash again when one of them changes.
   */
  of: (state: LabState) => Write;
  /**
   * Puts what a link of the lab holds into the store: the lab's wiring calls it for each part in
   * the registry's order, after the chain's settings, each time the hash changes. `values` is every
   * part's value from the same hash (the levers are checked against its steps). Returns a notice
   * for each value it corrected.
   */
  load?: (value: Read, lab: { store: LabStore; values: HashValues }) => readonly string[] | void;
}

/**
 * A section of the lab's page. The page draws the sections in order of `place`, each in its
 * area: inside the chain's part (under its settings bar, as the tape is) or below it.
 */
export interface FeatureSection {
  area: 'chain' | 'below';
  /** Its place on the page, top to bottom (its go targets are listed in this order too). */
  place: number;
  Component: ComponentType;
  /** The embed's panel key that shows it in an embedded view (`panels=tape`); without one it is left out of embeds. */
  embed?: string;
}

/** A page of its own (the lesson, practice), drawn instead of the lab while its part of the hash says so. */
export interface FeaturePage {
  /** Whether the store says this page is on screen; the first such page in the registry's order is drawn. */
  shown: (state: LabState) => boolean;
  /** Fetches the page's code, when first shown and again on Retry. */
  load: () => Promise<{ default: ComponentType }>;
  /** For the one line that says it could not load: "the lesson". */
  title: string;
  /** What still works meanwhile. */
  rest: string;
  /** Shown while its code loads. */
  loading: string;
}

/** What following a `go=` link to one of a feature's targets does to the store. */
export type GoAction = (state: LabState) => void;

/**
 * One feature, as the registry (app/shell/features.ts) lists it: its name, its slice of the store,
 * its part of the URL hash, its section of the lab or its page, the `go=` targets it answers, and
 * the wiring that starts it on the page. The core loops over these; it never names a feature.
 */
export interface Feature {
  /** The feature's name: its row in `Features` and its part's name in `readHash(…).values`. */
  name: string;
  /** Its slice of the store. */
  slice?: StateCreator<LabState, [], [], object>;
  /** Its keys in the URL hash. */
  hash?: FeatureHash<unknown, unknown>;
  /** Its section on the lab's page. */
  section?: FeatureSection;
  /** Its page, when it is one (its hash part's value then belongs to that page, and the lab leaves it alone). */
  page?: FeaturePage;
  /** The `go=` targets it answers, each with what following it does: in its row of `Features` as `go`. */
  go?: Readonly<Partial<Record<GoTarget, GoAction>>>;
  /** Starts what it does on the page (listening to the hash, asking a worker), in the registry's order. */
  wire?: (lab: Wiring) => void;
}

/**
 * A feature record, typed: its slice creator and hash part are checked against each other, and its
 * go targets against its row's `go`, here; then the record is kept as a plain `Feature` for the
 * registry's list.
 */
export function defineFeature<S extends object, R, W, G extends GoTarget = never>(feature: {
  name: string;
  slice?: StateCreator<S, [], [], S>;
  hash?: FeatureHash<R, W>;
  section?: FeatureSection;
  page?: FeaturePage;
  go?: Readonly<Record<G, GoAction>>;
  wire?: (lab: Wiring) => void;
}): Feature {
  return feature as Feature;
}
