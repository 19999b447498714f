import { createContext, useContext } from 'react';
import type { LessonRoute } from './route.ts';

/** What every chapter may read: where the lesson is, and the size figure text is drawn at. */
export interface LessonView {
  route: LessonRoute;
  /** Font size of figure labels and ticks, in CSS pixels (larger in presentation mode). */
  figureFont: number;
}

export const LessonContext = createContext<LessonView>({ route: { chapter: 1, present: false, embed: false }, figureFont: 16 });

export const useLessonView = () => useContext(LessonContext);
