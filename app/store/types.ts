import type { LessonSlice } from '../lesson/slice.ts';
import type { EmbedSlice } from './embedSlice.ts';
import type { EngineSlice } from './engineSlice.ts';
import type { PlaygroundSlice } from './playgroundSlice.ts';
import type { ResultsSlice } from './resultsSlice.ts';
import type { SettingsSlice } from './settingsSlice.ts';
import type { TapeSlice } from './tapeSlice.ts';
import type { TensorSlice } from './tensorSlice.ts';
import type { ThemeSlice } from './themeSlice.ts';
import type { ViewSlice } from './viewSlice.ts';

/**
 * The whole store: settings, results, view, the engine's state, theme and embed mode, the
 * expression playground and the tensor panel, one slice each.
 */
export type LabState = SettingsSlice &
  ResultsSlice &
  ViewSlice &
  TapeSlice &
  EngineSlice &
  ThemeSlice &
  EmbedSlice &
  PlaygroundSlice &
  TensorSlice &
  LessonSlice;
