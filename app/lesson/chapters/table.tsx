/**
 * The lesson's chapters, in the order of ./order.ts: each is the folder named by its slug, its
 * words and question in `<slug>/chapter.tsx`, its figure in `<slug>/Figure.tsx`. The page, its
 * chapter list, the previous and next links, the window title, the slide count and the tests read
 * this table; nothing here counts or names chapters by hand.
 *
 * How to add a chapter:
 *  1. Make its folder `app/lesson/chapters/<slug>/` (a short, stable slug from its title).
 *  2. Write its figure, `<slug>/Figure.tsx`: a default-exported component that keeps the figure's
 *     state and renders `<ChapterFrame figure={…} labHash={…} />`, adding `onAnswer` (what the
 *     figure shows once the question is answered) and `live` (values the question's text quotes)
 *     when the chapter asks one. Start from the nearest chapter; use figures/FigureSlider.tsx for a
 *     slider and ShowMeButton for a motion. The chapter's own helpers and CSS sit beside it.
 *  3. Write `<slug>/chapter.tsx`, exporting `chapter` (see ChapterContent in ./row.ts): title, body
 *     (JSX: words, dfn, Formula; another chapter is named by `chapterNumber('<slug>')`, never a typed
 *     number), and if it asks one, question (prompt, choices each with why, the accepted answer's
 *     label) and afterQuestion, labSection (where "Open this in the lab" lands), and
 *     `figure: retryable(() => import('./Figure.tsx'))` so it loads when opened (and again on Retry).
 *  4. Put its slug in ./order.ts at its place. That one line numbers it (`#lesson=N`) and counts it.
 * test/app/lesson/table.test.ts fails when a folder and the list disagree. test/e2e/lesson.test.ts
 * and lesson-later.test.ts walk every chapter, answer every question both ways and check the page
 * at every size; a question's accepted answer and its feedback go in test/e2e/lessonKit.ts, keyed
 * by slug.
 */
import { CHAPTER_ORDER, type ChapterSlug } from './order.ts';
import type { ChapterContent, ChapterRow } from './row.ts';

/** Every chapter folder's content, by its `./<slug>/chapter.tsx` path (words only: figures load when opened). */
const FOLDERS = import.meta.glob<ChapterContent>('./*/chapter.tsx', { eager: true, import: 'chapter' });

/** The slugs of the chapter folders found beside this file, in any order (the table test compares them with the list). */
export const CHAPTER_FOLDERS: readonly string[] = Object.keys(FOLDERS).map((path) => path.split('/')[1]);

function rowOf(slug: ChapterSlug, i: number): ChapterRow {
  const content = FOLDERS[`./${slug}/chapter.tsx`];
  if (!content) throw new Error(`app/lesson/chapters/order.ts lists '${slug}', but there is no ${slug}/chapter.tsx exporting chapter`);
  return { ...content, slug, number: i + 1 };
}

export const CHAPTERS: readonly ChapterRow[] = CHAPTER_ORDER.map(rowOf);

/** The chapter numbered `n` (1 … CHAPTERS.length). */
export const chapterRow = (n: number): ChapterRow => CHAPTERS[n - 1];
