import { defineFeature } from '../../state/feature.ts';
import { createThemeSlice, type ThemeSlice } from './themeSlice.ts';
import { startTheme } from './wire.ts';

/** The colour scheme: its slice, and the wiring that paints the remembered one. */
export const themeFeature = defineFeature({
  name: 'theme',
  slice: createThemeSlice,
  wire: ({ store, window }) => startTheme(store, window),
});

declare module '../../state/store/types.ts' {
  interface Features {
    theme: { slice: ThemeSlice };
  }
}
