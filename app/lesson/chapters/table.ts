/**
 * The lesson's chapters, in the order of ./order.ts. Each is the folder named by its slug: its
 * words in `<slug>/words.md` (content: plain text in the few forms ../words/parse.ts reads), its
 * question and its place in the lab in `<slug>/chapter.ts`, its figure in `<slug>/Figure.tsx`, its
 * speaker notes in `<slug>/notes.md`. The
 * page, its chapter list, the previous and next links, the window title, the slide count and the
 * tests read this table; nothing here counts or names chapters by hand.
 *
 * How to add a chapter:
 *  1. Make its folder `app/lesson/chapters/<slug>/` (a short, stable slug from its title).
 *  2. Write its words, `<slug>/words.md`: "# Title", the words beside the figure, and if it asks a
 *     question, "## after the answer" (words that would give the answer away) and "## after the
 *     question". A term is defined at its first use as *term*; another chapter is named by
 *     {chapter:<slug>}, never by a typed number. ../words/parse.ts lists every form.
 *  3. Write its figure, `<slug>/Figure.tsx`: a default-exported component that keeps the figure's
 *     state and renders `<ChapterFrame figure={…} labHash={…} />`, adding `onAnswer` (what the
 *     figure shows once the question is answered) and `live` (values the question's text quotes)
 *     when the chapter asks one. Start from the nearest chapter; use figures/FigureSlider.tsx for a
 *     slider and ShowMeButton for a motion. The chapter's own helpers and CSS sit beside it.
 *  4. Write `<slug>/chapter.ts`, exporting `chapter` (see ChapterContent in ./row.ts): if it asks
 *     one, question (prompt, choices each with why, the accepted answer's label); labSection (where
 *     "Open this in the lab" lands), and `figure: retryable(() => import('./Figure.tsx'))` so it
 *     loads when opened (and again on Retry).
 *  5. Write its speaker notes, `<slug>/notes.md`: "# Speaker notes", then "## Ask the room", "## What
 *     the figure proves" and "## Wrong answers to expect" (a list), in the same forms.
 *  6. Put its slug in ./order.ts at its place. That one line numbers it (`#lesson=N`) and counts it;
 *     `#lesson=<slug>` links to it wherever it moves.
 * test/app/lesson/table.test.ts fails when a folder and the list disagree, and
 * test/app/lesson/words.test.tsx when a words file has a form it does not know. test/e2e/lesson.test.ts
 * and lesson-later.test.ts walk every chapter, answer every question both ways and check the page
 * at every size; a question's accepted answer and what its figure shows go in test/e2e/lessonKit.ts,
 * keyed by slug.
 */
import { CHAPTER_ORDER, type ChapterSlug } from './order.ts';
import type { ChapterContent, ChapterRow } from './row.ts';
import { parseNotes, parseWords } from '../words/parse.ts';

/** Every chapter folder's `chapter.ts`, by its path (its figure loads when the chapter is opened). */
const FOLDERS = import.meta.glob<ChapterContent>('./*/chapter.ts', { eager: true, import: 'chapter' });

/** Every chapter folder's words and speaker notes, by their paths, as text. */
const WORDS = import.meta.glob<string>('./*/words.md', { eager: true, query: '?raw', import: 'default' });
const NOTES = import.meta.glob<string>('./*/notes.md', { eager: true, query: '?raw', import: 'default' });

/** The slugs of the chapter folders found beside this file, in any order (the table test compares them with the list). */
export const CHAPTER_FOLDERS: readonly string[] = [...new Set([...Object.keys(FOLDERS), ...Object.keys(WORDS), ...Object.keys(NOTES)].map((path) => path.split('/')[1]))];

function rowOf(slug: ChapterSlug, i: number): ChapterRow {
  const content = FOLDERS[`./${slug}/chapter.ts`];
  const words = WORDS[`./${slug}/words.md`];
  if (!content) throw new Error(`app/lesson/chapters/order.ts lists '${slug}', but there is no ${slug}/chapter.ts exporting chapter`);
  const notes = NOTES[`./${slug}/notes.md`];
  for (const [name, text] of [['words.md', words], ['notes.md', notes]]) {
    if (text === undefined) throw new Error(`app/lesson/chapters/order.ts lists '${slug}', but there is no ${slug}/${name}`);
  }
  const folder = `app/lesson/chapters/${slug}`;
  return { ...content, ...parseWords(words, `${folder}/words.md`), notes: parseNotes(notes, `${folder}/notes.md`), slug, number: i + 1 };
}

export const CHAPTERS: readonly ChapterRow[] = CHAPTER_ORDER.map(rowOf);

/** The chapter numbered `n` (1 … CHAPTERS.length). */
export const chapterRow = (n: number): ChapterRow => CHAPTERS[n - 1];
