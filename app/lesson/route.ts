/**
 * Where the lesson is: `#lesson=N` (chapter N, from 1; `#lesson` alone is chapter 1), with
 * `&present=1` for presentation mode and `&embed=1` for one chapter inside a course page. Pure
 * functions: a hand-edited link is read into a valid place plus one notice per thing corrected.
 */

/** One place in the lesson. */
export interface LessonRoute {
  /** 1 … the number of chapters. */
  chapter: number;
  /** Presentation mode: the chapter alone, sized for a projector. */
  present: boolean;
  /** Embedded in a course page: the chapter alone, no navigation. */
  embed: boolean;
}

/** The hash keys the lesson owns. */
export const LESSON_KEYS = ['lesson', 'present', 'embed'] as const;

const ON = new Set(['1', 'true', 'yes', 'on']);
const OFF = new Set(['0', 'false', 'no', 'off']);

function pairs(hash: string): [string, string | null][] {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  return body
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      const key = safeDecode(eq < 0 ? part : part.slice(0, eq));
      return [key, eq < 0 ? null : safeDecode(part.slice(eq + 1))];
    });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

const shown = (text: string) => `“${text.length > 16 ? `${text.slice(0, 16)}…` : text}”`;

/** True when the hash asks for the lesson (it has a `lesson` key), so the lab leaves it alone. */
export function isLessonHash(hash: string): boolean {
  return pairs(hash).some(([key]) => key === 'lesson');
}

/**
 * Reads a lesson hash. Null when the hash is not the lesson's (the lab's own). A chapter that is
 * not a whole number opens chapter 1, one out of range the nearest chapter; a flag that is not
 * 1 or 0 is off; any other key is ignored. Each correction is named in one notice.
 */
export function parseLessonHash(hash: string, chapters: number): { route: LessonRoute; notices: string[] } | null {
  const entries = pairs(hash);
  if (!entries.some(([key]) => key === 'lesson')) return null;
  const notices: string[] = [];
  const route: LessonRoute = { chapter: 1, present: false, embed: false };
  const ignored: string[] = [];
  for (const [key, value] of entries) {
    if (key === 'lesson') {
      const text = (value ?? '').trim();
      if (text === '') continue;
      const n = Number(text);
      if (!/^[+-]?\d+$/.test(text) || !Number.isSafeInteger(n)) {
        notices.push(`Lesson: ${shown(text)} is not a chapter number, so chapter 1 is shown.`);
      } else if (n < 1 || n > chapters) {
        route.chapter = n < 1 ? 1 : chapters;
        notices.push(`Lesson: there is no chapter ${n}; the chapters run from 1 to ${chapters}, so chapter ${route.chapter} is shown.`);
      } else route.chapter = n;
    } else if (key === 'present' || key === 'embed') {
      const flag = (value ?? '1').trim().toLowerCase();
      if (ON.has(flag)) route[key] = true;
      else if (!OFF.has(flag)) notices.push(`${key === 'present' ? 'Present' : 'Embed'}: ${shown(value ?? '')} is not 1 or 0, so it is off.`);
    } else ignored.push(key);
  }
  if (ignored.length > 0) {
    const names = ignored.slice(0, 3).map(shown).join(', ');
    const more = ignored.length > 3 ? ` and ${ignored.length - 3} more` : '';
    notices.push(`The lesson ignored ${ignored.length === 1 ? 'a setting it does not use' : 'settings it does not use'}: ${names}${more}.`);
  }
  return { route, notices };
}

/** The hash of a place in the lesson (with the #): `#lesson=4`, `#lesson=4&present=1`. */
export function formatLessonHash(route: LessonRoute): string {
  return `#lesson=${route.chapter}${route.present ? '&present=1' : ''}${route.embed ? '&embed=1' : ''}`;
}

/** The chapter after (or before, with `delta` −1) `chapter`, held to 1 … chapters. */
export function stepChapter(chapter: number, delta: number, chapters: number): number {
  return Math.min(chapters, Math.max(1, chapter + delta));
}
