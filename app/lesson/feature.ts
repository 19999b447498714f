import { defineFeature } from '../state/feature.ts';
import type { HashRead } from '../state/url/part.ts';
import { lessonHashPart } from './hashPart.ts';
import { createLessonSlice, type LessonSlice } from './slice.ts';
import { startLesson } from './wire.ts';

/**
 * The lesson: its place in the store and in the hash (`lesson`, `present`, `notes`), its page
 * (drawn instead of the lab while the hash names a chapter), and the wiring that follows it.
 */
export const lessonFeature = defineFeature({
  name: 'lesson',
  slice: createLessonSlice,
  hash: {
    part: lessonHashPart,
    of: (state) => state.lesson && { chapter: state.lesson.chapter, present: state.lesson.present, notes: state.lesson.notes },
  },
  page: {
    shown: (state) => state.lesson !== null,
    load: () => import('./LessonPage.tsx').then((m) => ({ default: m.LessonPage })),
    title: 'the lesson',
    rest: 'The lab still works: remove #lesson from the address, or Retry once the network is back.',
    loading: 'Loading the lesson…',
  },
  wire: ({ store, window }) => startLesson(store, window),
});

declare module '../state/store/types.ts' {
  interface Features {
    lesson: { slice: LessonSlice; hash: HashRead<typeof lessonHashPart> };
  }
}
