import type { StoreApi } from 'zustand/vanilla';
import type { AppSettings } from '../settings/schema.ts';
import type { EngineSlice } from './engineSlice.ts';
import type { ResultsSlice } from './resultsSlice.ts';
import type { SettingsSlice } from './settingsSlice.ts';
import type { ViewSlice } from './viewSlice.ts';

/**
 * What each feature adds to the store and to the URL hash, by the feature's name. The core knows
 * no feature: each one fills in its own row from its folder (its `feature.ts`), by module
 * augmentation, as the bugs section does:
 *
 *     declare module '../../state/store/types.ts' {
 *       interface Features { bugs: { slice: BugsSlice; hash: BugKey | null } }
 *     }
 *
 * `slice` is the feature's slice of the store; `hash`, when it has keys in the hash, what its hash
 * part reads; `go`, when a link can land on it, its `go=` targets (`'bugs' | 'hvp'`), which its
 * record answers (app/state/feature.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the features' folders
export interface Features {}

/** The store's own slices: the chain's settings, the worker's results, the view, the engine's state. */
export type CoreState = SettingsSlice & ResultsSlice & ViewSlice & EngineSlice;

type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

type FeatureSlices = { [N in keyof Features]: Features[N] extends { slice: infer S } ? S : never }[keyof Features];

/** What each part of the URL hash reads, by its name: the chain's settings, and each feature that has a part (app/state/url/hash.ts). */
export type HashValues = { settings: AppSettings } & {
  [N in keyof Features as Features[N] extends { hash: unknown } ? N : never]: Features[N] extends { hash: infer R } ? R : never;
};

export type HashPartName = keyof HashValues & string;

/** Every `go=` target a link may name: the union of the features' rows' `go`. */
export type GoTarget = { [N in keyof Features]: Features[N] extends { go: infer G extends string } ? G : never }[keyof Features];

/** The whole store: the core's slices and every registered feature's slice. */
export type LabState = CoreState & Intersection<FeatureSlices>;

/**
 * The store as features use it: a hook that selects one field (`useLab((s) => s.steps)`), with the
 * store's API beside it (`getState`, `setState`, `subscribe`, `getInitialState`).
 */
export type LabStore = (<T>(selector: (state: LabState) => T) => T) & StoreApi<LabState>;
