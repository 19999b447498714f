import { describe, expect, it } from 'vitest';
import { CHAPTER_COUNT } from '../../../app/lesson/chapters/count.ts';
import { NOTES } from '../../../app/lesson/present/notes.ts';

describe('speaker notes', () => {
  it('every chapter has notes: a question for the room, what the figure proves, expected wrong answers', () => {
    expect(Object.keys(NOTES).map(Number)).toEqual(Array.from({ length: CHAPTER_COUNT }, (_, i) => i + 1));
    for (let n = 1; n <= CHAPTER_COUNT; n++) {
      const notes = NOTES[n];
      expect(notes.ask, `chapter ${n}`).toMatch(/\?|\.$/);
      expect(notes.ask.length, `chapter ${n}`).toBeGreaterThan(20);
      expect(notes.proves.length, `chapter ${n}`).toBeGreaterThan(40);
      expect(notes.wrong.length, `chapter ${n}`).toBeGreaterThanOrEqual(2);
    }
  });
});
