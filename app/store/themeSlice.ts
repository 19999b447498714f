import type { StateCreator } from 'zustand';
import type { ThemeChoice } from '../theme/theme.ts';
import type { LabState } from './types.ts';

/** The colour theme the page shows: the system's, or one the user picked. */
export interface ThemeSlice {
  theme: ThemeChoice;
  setTheme: (theme: ThemeChoice) => void;
}

export const createThemeSlice: StateCreator<LabState, [], [], ThemeSlice> = (set) => ({
  theme: 'system',
  setTheme: (theme) => set({ theme }),
});
