import { describe } from 'vitest';
import { acceptedAnswers, chapterPasses, CHAPTERS, FIRST_HALF, lessonKit } from './lessonKit.ts';

// The lesson's second half of chapters, beside lesson.test.ts on the other test worker (which also
// takes the tests not of one chapter's pages: the later chapters' figures take longer).
const kit = lessonKit();

describe('the lesson, second half', () => {
  chapterPasses(kit, FIRST_HALF + 1, CHAPTERS);
  acceptedAnswers(kit, FIRST_HALF + 1, CHAPTERS);
});
