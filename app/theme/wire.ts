import type { LabStore } from '../store/index.ts';
import { applyTheme, loadTheme, saveTheme, type ThemeHost } from './theme.ts';

/**
 * Loads the remembered theme into the store and shows it; from then on every change of the
 * store's theme is shown and remembered. Returns a function that undoes the wiring.
 */
export function startTheme(store: LabStore, host: ThemeHost): () => void {
  const initial = loadTheme(host);
  store.getState().setTheme(initial);
  applyTheme(host, initial);
  return store.subscribe((state, previous) => {
    if (state.theme === previous.theme) return;
    applyTheme(host, state.theme);
    saveTheme(host, state.theme);
  });
}
