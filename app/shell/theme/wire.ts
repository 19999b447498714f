import type { LabStore } from '../../state/store/index.ts';
import { applyTheme, loadTheme, saveTheme, type ThemeChoice, type ThemeHost } from './theme.ts';

/**
 * The browser's own chrome colour (<meta name="theme-color">, one per scheme in index.html)
 * follows the toggle too: a forced scheme's meta applies to all media, the other to none.
 */
function syncThemeColor(doc: Document | undefined, choice: ThemeChoice): void {
  if (!doc?.querySelectorAll) return;
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const original = meta.dataset.media ?? meta.media;
    meta.dataset.media = original;
    const scheme = original.includes('dark') ? 'dark' : 'light';
    meta.media = choice === 'system' ? original : choice === scheme ? 'all' : 'not all';
  }
}

/**
 * Loads the remembered theme into the store and shows it; from then on every change of the
 * store's theme is shown and remembered. Returns a function that undoes the wiring.
 */
export function startTheme(store: LabStore, host: ThemeHost): () => void {
  const initial = loadTheme(host);
  store.getState().setTheme(initial);
  const doc = (host.document as Partial<Document>).querySelectorAll ? (host.document as Document) : undefined;
  applyTheme(host, initial);
  syncThemeColor(doc, initial);
  return store.subscribe((state, previous) => {
    if (state.theme === previous.theme) return;
    applyTheme(host, state.theme);
    syncThemeColor(doc, state.theme);
    saveTheme(host, state.theme);
  });
}
