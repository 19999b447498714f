import { createContext, useContext } from 'react';
import type { ChapterRow } from './chapters/row.ts';
import type { LessonRoute } from './route.ts';

/** What every chapter may read: where the lesson is, its row, and the size figure text is drawn at. */
export interface LessonView {
  route: LessonRoute;
  /** The row of app/lesson/chapters/table.ts for the chapter shown: its title and words. */
  row: ChapterRow;
  /** Font size of figure labels and ticks, in CSS pixels (larger in presentation mode). */
  figureFont: number;
  /** The chapter was reached from another one: its title takes the focus when it mounts. */
  focusTitle: boolean;
}

export const LessonContext = createContext<LessonView>({
  route: { chapter: 1, present: false, notes: false, embed: false },
  row: { slug: 'chain', number: 1, title: '', body: [], afterAnswer: [], afterQuestion: [], notes: { ask: [], proves: [], wrong: [] }, labSection: 'playground', figure: () => null },
  figureFont: 16,
  focusTitle: false,
});

export const useLessonView = () => useContext(LessonContext);
