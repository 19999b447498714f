import { useCallback, useContext, useRef, useSyncExternalStore } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Feature } from '../feature.ts';
import { createEngineSlice } from './engineSlice.ts';
import { createResultsSlice } from './resultsSlice.ts';
import { createSettingsSlice } from './settingsSlice.ts';
import { HeldOffScreen } from './onScreen.ts';
import type { LabState, LabStore } from './types.ts';
import { createViewSlice } from './viewSlice.ts';

export type { LabState, LabStore } from './types.ts';
export { selectSettings } from './settingsSlice.ts';

let features: readonly Feature[] | null = null;
let made: StoreApi<LabState> | null = null;

/**
 * Gives the store its features (the registry, app/shell/features.ts), once, before anything reads
 * it: the page's entry does this first, and so does the unit tests' setup.
 */
export function installFeatures(list: readonly Feature[]): void {
  if (made && features !== list) throw new Error('The store was made before its features were installed.');
  features = list;
}

/** The features the store was made from, in the registry's order. */
export function installedFeatures(): readonly Feature[] {
  if (!features) throw new Error('No features installed: import app/shell/features.ts first.');
  return features;
}

/** The one store, combined from the core's slices and each feature's, made when first used. */
function store(): StoreApi<LabState> {
  if (made) return made;
  const list = installedFeatures();
  made = createStore<LabState>()((...a) => {
    const state = {
      ...createSettingsSlice(...a),
      ...createResultsSlice(...a),
      ...createViewSlice(...a),
      ...createEngineSlice(...a),
    };
    for (const feature of list) if (feature.slice) Object.assign(state, feature.slice(...a));
    return state as LabState;
  });
  return made;
}

/** The store's API, passed on to the store once it is made. */
const api: StoreApi<LabState> = {
  getState: () => store().getState(),
  getInitialState: () => store().getInitialState(),
  // One function for both of zustand's overloads (merge a part, or replace the whole state).
  setState: ((partial: Partial<LabState>, replace?: boolean) =>
    (store().setState as (partial: Partial<LabState>, replace?: boolean) => void)(partial, replace)) as StoreApi<LabState>['setState'],
  subscribe: (listener) => store().subscribe(listener),
};

/**
 * Selects one field of the store (`useLab((s) => s.steps)`) and re-renders when it changes.
 * Carries the store's API too: `useLab.getState()`, `useLab.subscribe(…)`, and for tests
 * `useLab.setState(useLab.getInitialState(), true)`. Unlike zustand's `create`, a static render
 * sees the current state rather than the initial one, so tests can render a page with a report.
 * Inside a part held off screen (HeldOffScreen) it returns what it returned last and hears nothing;
 * when the hold ends (a new Hold) it reads the store again.
 */
export const useLab: LabStore = Object.assign(<T>(selector: (state: LabState) => T): T => {
  const hold = useContext(HeldOffScreen);
  const last = useRef<T | typeof NOTHING>(NOTHING);
  const read = () => (hold.held && last.current !== NOTHING ? last.current : selector(api.getState()));
  const subscribe = useCallback(
    (changed: () => void) =>
      api.subscribe(() => {
        if (!hold.held) changed();
      }),
    [hold],
  );
  const value = useSyncExternalStore(subscribe, read, read);
  last.current = value;
  return value;
}, api);

const NOTHING: unique symbol = Symbol('nothing read yet');
