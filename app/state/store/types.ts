import type { GoSlice } from '../../shell/go/goSlice.ts';
import type { EmbedSlice } from '../../shell/embed/embedSlice.ts';
import type { LessonSlice } from '../../lesson/slice.ts';
import type { PracticeSlice } from '../../practice/slice.ts';
import type { PlaygroundSlice } from '../../sections/playground/playgroundSlice.ts';
import type { TapeSlice } from '../../sections/tape/tapeSlice.ts';
import type { TensorSlice } from '../../sections/tensor/tensorSlice.ts';
import type { ThemeSlice } from '../../shell/theme/themeSlice.ts';
import type { TradeoffsSlice } from '../../sections/tradeoffs/slice.ts';
import type { BugsSlice } from '../../sections/bugs/slice.ts';
import type { EngineSlice } from './engineSlice.ts';
import type { ResultsSlice } from './resultsSlice.ts';
import type { SettingsSlice } from './settingsSlice.ts';
import type { ViewSlice } from './viewSlice.ts';

/**
 * The whole store, combined from slices that each know only their own state: the features' slices
 * live in their folders (tape, playground, tensor, embed, theme), the lab's own ones here. The whole store: settings, results, view, the engine's state, theme and embed mode, the
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
  LessonSlice &
  PracticeSlice &
  TradeoffsSlice &
  BugsSlice &
  GoSlice;
