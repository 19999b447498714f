import { defineFeature, type GoAction } from '../state/feature.ts';
import { startLab } from './labSync.ts';
import type { Method } from './panels/Panel.tsx';

/** The chain's panels, which a `go=` link brings into view: they are always on the lab's page, so there is nothing to load. */
const PANELS: readonly Method[] = ['reverse', 'forward', 'fd', 'checkpoint', 'work'];

/**
 * The lab: its state is the store's core (settings, results, view, engine); its wiring keeps the
 * hash and the worker in step with it. A link can land on each of its panels (`go=fd`).
 */
export const labFeature = defineFeature({
  name: 'lab',
  go: Object.fromEntries(PANELS.map((panel) => [panel, (state) => state.noteSectionLinked(panel)])) as Record<Method, GoAction>,
  wire: ({ store, engine, window }) => startLab(store, engine, window),
});

declare module '../state/store/types.ts' {
  interface Features {
    lab: { go: Method };
  }
}
