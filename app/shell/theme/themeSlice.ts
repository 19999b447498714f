import type { StateCreator } from 'zustand';
import type { ThemeChoice } from './theme.ts';

/** The colour theme the page shows: the system's, or one the user picked. */
export interface ThemeSlice {
  theme: ThemeChoice;
  setTheme: (theme: ThemeChoice) => void;
}

export const createThemeSlice: StateCreator<ThemeSlice, [], [], ThemeSlice> = (set) => ({
  theme: 'system',
  setTheme: (theme) => set({ theme }),
});
