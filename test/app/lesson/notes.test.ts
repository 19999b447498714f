import { describe, expect, it } from 'vitest';
import { CHAPTER_ORDER } from '../../../app/lesson/chapters/order.ts';
import { NOTES } from '../../../app/lesson/present/notes.ts';

describe('speaker notes', () => {
  it('every chapter has notes: a question for the room, what the figure proves, expected wrong answers', () => {
    expect(Object.keys(NOTES).sort()).toEqual([...CHAPTER_ORDER].sort());
    for (const slug of CHAPTER_ORDER) {
      const notes = NOTES[slug];
      expect(notes.ask, slug).toMatch(/\?|\.$/);
      expect(notes.ask.length, slug).toBeGreaterThan(20);
      expect(notes.proves.length, slug).toBeGreaterThan(40);
      expect(notes.wrong.length, slug).toBeGreaterThanOrEqual(2);
    }
  });
});
