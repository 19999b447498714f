import { defineFeature } from '../state/feature.ts';
import { startLab } from './labSync.ts';

/**
 * The lab: its state is the store's core (settings, results, view, engine); its wiring keeps the
 * hash and the worker in step with it.
 */
export const labFeature = defineFeature({
  name: 'lab',
  wire: ({ store, engine, window }) => startLab(store, engine, window),
});
