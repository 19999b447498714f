import type { StateCreator } from 'zustand';
import type { LessonRoute } from './route.ts';

/** The lesson's place, read from the hash: null while the page is the lab. */
export interface LessonSlice {
  lesson: LessonRoute | null;
  /** Sentences about a lesson link that was corrected on load. */
  lessonNotices: string[];
  setLesson: (lesson: LessonRoute | null, notices?: string[]) => void;
  dismissLessonNotices: () => void;
}

export const createLessonSlice: StateCreator<LessonSlice, [], [], LessonSlice> = (set) => ({
  lesson: null,
  lessonNotices: [],
  setLesson: (lesson, notices) => set(notices === undefined ? { lesson } : { lesson, lessonNotices: notices }),
  dismissLessonNotices: () => set({ lessonNotices: [] }),
});
