import { useSyncExternalStore } from 'react';
import { useLab } from '../store/index.ts';
import { effectiveScheme } from '../theme/theme.ts';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/**
 * The colour scheme on screen (the theme toggle's choice, or the system's), for the few colours
 * drawn outside CSS (the heat strip's pixels).
 */
export function useColorScheme(): 'light' | 'dark' {
  const theme = useLab((s) => s.theme);
  const systemDark = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
  return effectiveScheme(theme, systemDark);
}
