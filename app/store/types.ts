import type { ResultsSlice } from './resultsSlice.ts';
import type { SettingsSlice } from './settingsSlice.ts';
import type { ViewSlice } from './viewSlice.ts';

/** The whole store: settings, results and view, one slice each. */
export type LabState = SettingsSlice & ResultsSlice & ViewSlice;
