import { describe, expect, it } from 'vitest';
import { chapterNumber } from '../../../app/lesson/chapters/order.ts';
import { CHAPTERS } from '../../../app/lesson/chapters/table.ts';
import { parseNotes, plainText } from '../../../app/lesson/words/parse.ts';

const FILE = 'app/lesson/chapters/test/notes.md';

describe('speaker notes', () => {
  it('every chapter has notes: a question for the room, what the figure proves, expected wrong answers', () => {
    for (const { slug, notes } of CHAPTERS) {
      const ask = plainText(notes.ask, chapterNumber);
      expect(ask, slug).toMatch(/\?|\.$/);
      expect(ask.length, slug).toBeGreaterThan(20);
      expect(plainText(notes.proves, chapterNumber).length, slug).toBeGreaterThan(40);
      const [wrong] = notes.wrong;
      expect(wrong.kind === 'list' && wrong.items.length, slug).toBeGreaterThanOrEqual(2);
    }
  });

  it.each([
    ['another title', '# Notes\n\n## Ask the room\nA?\n', 'line 1: the notes\' title is "# Speaker notes"'],
    ['a section missing', '# Speaker notes\n\n## Ask the room\nA?\n\n## What the figure proves\nB.\n', 'line 1: the notes need a section "## wrong answers to expect"'],
    ['wrong answers that are not a list', '# Speaker notes\n\n## Ask the room\nA?\n\n## What the figure proves\nB.\n\n## Wrong answers to expect\nC.\n', 'line 1: the wrong answers are one list'],
    ['words before the question', '# Speaker notes\n\nHello.\n\n## Ask the room\nA?\n', 'line 2: the notes have no words before'],
  ])('names the file of %s', (_, text, message) => {
    expect(() => parseNotes(text, FILE)).toThrow(`${FILE}, ${message}`);
  });
});
