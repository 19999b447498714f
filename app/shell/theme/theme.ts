/** The page's colour theme: follow the system, or a choice the user made with the toggle. */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** Where the choice is remembered between visits. */
export const THEME_STORAGE_KEY = 'tape-lab-theme';

/** A stored value read back: anything but 'light' or 'dark' means the system default. */
export function parseTheme(value: unknown): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The scheme actually shown: the choice, or the system's when the choice is 'system'. */
export function effectiveScheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

/** The parts of `window` the theme touches (tests pass a stand-in). */
export interface ThemeHost {
  localStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  document: { documentElement: { setAttribute(name: string, value: string): void; removeAttribute(name: string): void } };
}

/** The remembered choice; 'system' when nothing is stored or storage is unavailable (private mode). */
export function loadTheme(host: ThemeHost): ThemeChoice {
  try {
    return parseTheme(host.localStorage?.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

/** Remembers the choice; a failure to store (quota, private mode) only loses the memory. */
export function saveTheme(host: ThemeHost, choice: ThemeChoice): void {
  try {
    if (choice === 'system') host.localStorage?.removeItem(THEME_STORAGE_KEY);
    else host.localStorage?.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Nothing to do: the theme still applies for this visit.
  }
}

/**
 * Shows the choice: `data-theme` on <html> overrides the system scheme in the CSS (base.css);
 * without it the page follows prefers-color-scheme.
 */
export function applyTheme(host: ThemeHost, choice: ThemeChoice): void {
  const root = host.document.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}
