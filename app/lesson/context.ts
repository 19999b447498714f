import { createContext, useContext } from 'react';
import type { LessonRoute } from './route.ts';

/** What every chapter may read: where the lesson is, and the size figure text is drawn at. */
export interface LessonView {
  route: LessonRoute;
  /** Font size of figure labels and ticks, in CSS pixels (larger in presentation mode). */
  figureFont: number;
  /** The chapter was reached from another one: its title takes the focus when it mounts. */
  focusTitle: boolean;
}

export const LessonContext = createContext<LessonView>({ route: { chapter: 1, present: false, embed: false }, figureFont: 16, focusTitle: false });

export const useLessonView = () => useContext(LessonContext);
