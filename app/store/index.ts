import { create } from 'zustand';
import { createResultsSlice } from './resultsSlice.ts';
import { createSettingsSlice } from './settingsSlice.ts';
import type { LabState } from './types.ts';
import { createViewSlice } from './viewSlice.ts';

export type { LabState } from './types.ts';
export { selectSettings } from './settingsSlice.ts';

/**
 * The one store, combined from its slices. Components select one field at a time
 * (`useLab((s) => s.steps)`); tests reset it with `useLab.setState(useLab.getInitialState(), true)`.
 */
export const useLab = create<LabState>()((...a) => ({
  ...createSettingsSlice(...a),
  ...createResultsSlice(...a),
  ...createViewSlice(...a),
}));

export type LabStore = typeof useLab;
