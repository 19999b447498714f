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
    ['a title below a blank line', '\n# Notes\n', 'line 2: the notes\' title is "# Speaker notes"'],
    ['a section missing (at the end, where it goes)', '# Speaker notes\n\n## Ask the room\nA?\n\n## What the figure proves\nB.\n', 'line 7: the notes need a section "## wrong answers to expect"'],
    ['a section empty (at its heading)', '# Speaker notes\n\n## Ask the room\n\n## What the figure proves\nB.\n', 'line 3: the notes need a section "## ask the room"'],
    ['wrong answers that are not a list', '# Speaker notes\n\n## Ask the room\nA?\n\n## What the figure proves\nB.\n\n## Wrong answers to expect\nC.\n', 'line 9: the wrong answers are one list'],
    ['words before the question', '# Speaker notes\n\n\nHello.\n\n## Ask the room\nA?\n', 'line 4: the notes have no words before'],
  ])('names the file and the line of %s', (_, text, message) => {
    expect(() => parseNotes(text, FILE)).toThrow(`${FILE}, ${message}`);
  });
});
