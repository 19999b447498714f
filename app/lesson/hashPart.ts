import type { HashPart } from '../state/url/part.ts';
import { CHAPTER_COUNT, CHAPTER_ORDER, slugAt } from './chapters/order.ts';
import { quoteForNotice } from '../state/url/quoteForNotice.ts';
import { readFlag } from '../state/url/flag.ts';

/**
 * The lesson's keys in the URL hash: `lesson=fan-out` (a chapter by its slug, its folder's name,
 * which the page writes: the link stays right when chapters move), `lesson=N` (chapter N, from 1,
 * read as well; `lesson` alone is chapter 1; `lesson=0` is the overview, every chapter as a card),
 * `present=1` for presentation mode and `notes=1` for the speaker-notes window. Embed mode's
 * `embed` key belongs to the view part (app/shell/embed); app/lesson/route.ts reads it beside these
 * for a lesson link.
 */

/** A chapter, and whether it is presented. */
export interface LessonPlace {
  /** 1 … the number of chapters, or 0 for the overview. */
  chapter: number;
  /** Presentation mode: the chapter alone, sized for a projector. */
  present: boolean;
  /** The speaker-notes window for the chapter (app/lesson/present/NotesPage.tsx). */
  notes: boolean;
}

/**
 * The lesson's place from its raw hash values, or null when there is no `lesson` key (the page
 * is the lab). A chapter is named by its slug or its number; 0 is the overview. Anything else opens
 * chapter 1, a number out of range the nearest chapter; each correction is one notice.
 */
export function readLessonPlace(raw: Partial<Record<string, string>>, chapters: number): { value: LessonPlace | null; notices: string[] } {
  const notices: string[] = [];
  if (raw.lesson === undefined) return { value: null, notices };
  const place: LessonPlace = { chapter: 1, present: readFlag('Present', raw.present, notices), notes: readFlag('Notes', raw.notes, notices) };
  const text = raw.lesson.trim();
  const slug = (CHAPTER_ORDER as readonly string[]).indexOf(text.toLowerCase());
  if (slug >= 0 && slug < chapters) place.chapter = slug + 1;
  else if (text !== '') {
    const n = Number(text);
    if (!/^[+-]?\d+$/.test(text) || !Number.isSafeInteger(n)) {
      notices.unshift(`Lesson: ${quoteForNotice(text)} is neither a chapter’s number nor its name, so chapter 1 is shown.`);
    } else if (n < 0 || n > chapters) {
      place.chapter = n < 0 ? 1 : chapters;
      notices.unshift(`Lesson: there is no chapter ${n}; the chapters run from 1 to ${chapters} (0 is the overview), so chapter ${place.chapter} is shown.`);
    } else place.chapter = n;
  }
  return { value: place, notices };
}

/** `lesson=transpose&present=1&notes=1` (the chapter by its slug; the overview is 0), or '' for the lab. */
export function writeLessonPlace(place: LessonPlace | null): string {
  if (!place) return '';
  return `lesson=${slugAt(place.chapter) ?? place.chapter}${place.present ? '&present=1' : ''}${place.notes ? '&notes=1' : ''}`;
}

export const lessonHashPart: HashPart<LessonPlace | null> = {
  keys: ['lesson', 'present', 'notes'],
  raw: 'decoded',
  read: (raw) => readLessonPlace(raw, CHAPTER_COUNT),
  write: writeLessonPlace,
};
