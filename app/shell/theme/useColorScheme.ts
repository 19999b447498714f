import { useLab } from '../../state/store/index.ts';
import { effectiveScheme } from './theme.ts';
import { useMediaQuery } from '../../ui/useMediaQuery.ts';

/**
 * The colour scheme on screen (the theme toggle's choice, or the system's), for the few colours
 * drawn outside CSS (the heat strip's pixels).
 */
export function useColorScheme(): 'light' | 'dark' {
  const theme = useLab((s) => s.theme);
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  return effectiveScheme(theme, systemDark);
}
