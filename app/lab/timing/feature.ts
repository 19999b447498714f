import { defineFeature } from '../../state/feature.ts';
import { startTiming } from './timingSync.ts';

/** The methods' timing: the wiring that asks the engine to time them once the settings rest. */
export const timingFeature = defineFeature({
  name: 'timing',
  wire: ({ store, engine }) => startTiming(store, engine),
});
