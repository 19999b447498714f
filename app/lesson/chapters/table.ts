/**
 * The lesson's chapters, in the order of ./order.ts. Each is the folder named by its slug: its
 * words in `<slug>/words.md` (plain text in the forms ../words/parse.ts reads), its speaker notes
 * in `<slug>/notes.md`, its question and its place in the lab in `<slug>/chapter.ts`, its figure in
 * `<slug>/Figure.tsx`. The page, its chapter list, the previous and next links, the window title,
 * the slide count and the tests read this table; nothing here counts or names chapters by hand.
 * How to add one, and the tests that check it: docs/architecture.md, "How to add a lesson chapter".
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
