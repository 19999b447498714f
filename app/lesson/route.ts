/**
 * Where the lesson is: `#lesson=fan-out` (a chapter by its slug; `#lesson=3`, its number, is read
 * too; `#lesson` alone is chapter 1), with `&present=1` for presentation mode and `&embed=1` for
 * one chapter inside a course page. Pure
 * functions over app/state/url's split of the hash: a hand-edited link is read into a valid place plus
 * one notice per thing corrected.
 */
import { ignoredNotice, keysBeside, splitHash } from '../state/url/hash.ts';
import { readFlag } from '../state/url/flag.ts';
import { readLessonPlace, writeLessonPlace, type LessonPlace } from './hashPart.ts';

/** One place in the lesson: a chapter, presented or not, embedded or not. */
export interface LessonRoute extends LessonPlace {
  /** Embedded in a course page: the chapter alone, no navigation. */
  embed: boolean;
}

/** True when the hash asks for the lesson (it has a `lesson` key), so the lab leaves it alone. */
export function isLessonHash(hash: string): boolean {
  return splitHash(hash).raw.lesson.lesson !== undefined;
}

/**
 * Reads a lesson hash. Null when the hash is not the lesson's (the lab's own). The chapter and
 * `present` are the lesson's hash part (app/lesson/hashPart.ts), `embed` the view part's; any
 * other key is ignored. Each correction is named in one notice.
 */
export function parseLessonHash(hash: string, chapters: number): { route: LessonRoute; notices: string[] } | null {
  const split = splitHash(hash);
  const { value: place, notices } = readLessonPlace(split.raw.lesson, chapters);
  if (!place) return null;
  const route: LessonRoute = { ...place, embed: readFlag('Embed', split.raw.view.embed, notices) };
  // Every other part's keys (the lab's settings, the expression, …) mean nothing to a chapter.
  const ignored = ignoredNotice('The lesson', keysBeside(split, 'lesson', ['embed']));
  if (ignored) notices.push(ignored);
  return { route, notices };
}

/** The hash of a place in the lesson (with the #): `#lesson=transpose`, `#lesson=transpose&present=1`. */
export function formatLessonHash(route: LessonRoute): string {
  return `#${writeLessonPlace(route)}${route.embed ? '&embed=1' : ''}`;
}

/** The chapter after (or before, with `delta` −1) `chapter`, held to 1 … chapters (from the overview, 0, the first). */
export function stepChapter(chapter: number, delta: number, chapters: number): number {
  return Math.min(chapters, Math.max(1, chapter + delta));
}
