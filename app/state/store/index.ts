import { useCallback, useContext, useRef, useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import { createGoSlice } from '../../shell/go/goSlice.ts';
import { createEmbedSlice } from '../../shell/embed/embedSlice.ts';
import { createLessonSlice } from '../../lesson/slice.ts';
import { createPracticeSlice } from '../../practice/slice.ts';
import { createPlaygroundSlice } from '../../sections/playground/playgroundSlice.ts';
import { createTapeSlice } from '../../sections/tape/tapeSlice.ts';
import { createTensorSlice } from '../../sections/tensor/tensorSlice.ts';
import { createThemeSlice } from '../../shell/theme/themeSlice.ts';
import { createTradeoffsSlice } from '../../sections/tradeoffs/slice.ts';
import { createBugsSlice } from '../../sections/bugs/slice.ts';
import { createEngineSlice } from './engineSlice.ts';
import { createResultsSlice } from './resultsSlice.ts';
import { createSettingsSlice } from './settingsSlice.ts';
import { HeldOffScreen } from './onScreen.ts';
import type { LabState } from './types.ts';
import { createViewSlice } from './viewSlice.ts';

export type { LabState } from './types.ts';
export { selectSettings } from './settingsSlice.ts';

/** The one store, combined from its slices. */
const store = createStore<LabState>()((...a) => ({
  ...createSettingsSlice(...a),
  ...createResultsSlice(...a),
  ...createViewSlice(...a),
  ...createTapeSlice(...a),
  ...createEngineSlice(...a),
  ...createThemeSlice(...a),
  ...createEmbedSlice(...a),
  ...createPlaygroundSlice(...a),
  ...createTensorSlice(...a),
  ...createLessonSlice(...a),
  ...createPracticeSlice(...a),
  ...createTradeoffsSlice(...a),
  ...createBugsSlice(...a),
  ...createGoSlice(...a),
}));

/**
 * Selects one field of the store (`useLab((s) => s.steps)`) and re-renders when it changes.
 * Carries the store's API too: `useLab.getState()`, `useLab.subscribe(…)`, and for tests
 * `useLab.setState(useLab.getInitialState(), true)`. Unlike zustand's `create`, a static render
 * sees the current state rather than the initial one, so tests can render a page with a report.
 * Inside a part held off screen (HeldOffScreen) it returns what it returned last and hears nothing;
 * when the hold ends (a new Hold) it reads the store again.
 */
export const useLab = Object.assign(<T>(selector: (state: LabState) => T): T => {
  const hold = useContext(HeldOffScreen);
  const last = useRef<T | typeof NOTHING>(NOTHING);
  const read = () => (hold.held && last.current !== NOTHING ? last.current : selector(store.getState()));
  const subscribe = useCallback(
    (changed: () => void) =>
      store.subscribe(() => {
        if (!hold.held) changed();
      }),
    [hold],
  );
  const value = useSyncExternalStore(subscribe, read, read);
  last.current = value;
  return value;
}, store);

const NOTHING: unique symbol = Symbol('nothing read yet');

export type LabStore = typeof useLab;
