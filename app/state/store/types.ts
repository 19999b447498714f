import type { StoreApi } from 'zustand/vanilla';
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
 * part reads.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the features' folders
export interface Features {}

/** The store's own slices: the chain's settings, the worker's results, the view, the engine's state. */
export type CoreState = SettingsSlice & ResultsSlice & ViewSlice & EngineSlice;

type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

type FeatureSlices = { [N in keyof Features]: Features[N] extends { slice: infer S } ? S : unknown }[keyof Features];

/** The whole store: the core's slices and every registered feature's slice. */
export type LabState = CoreState & Intersection<FeatureSlices>;

/**
 * The store as features use it: a hook that selects one field (`useLab((s) => s.steps)`), with the
 * store's API beside it (`getState`, `setState`, `subscribe`, `getInitialState`).
 */
export type LabStore = (<T>(selector: (state: LabState) => T) => T) & StoreApi<LabState>;
