import { describe, expect, it } from 'vitest';
import { formatLessonHash, isLessonHash, parseLessonHash, stepChapter } from '../../../app/lesson/route.ts';
import { CHAPTER_COUNT, CHAPTER_ORDER, chapterNumber, slugAt } from '../../../app/lesson/chapters/order.ts';

describe('the lesson hash', () => {
  it('is the lesson only when it has a lesson key', () => {
    expect(isLessonHash('#lesson=3')).toBe(true);
    expect(isLessonHash('#lesson')).toBe(true);
    expect(isLessonHash('lesson=2&present=1')).toBe(true);
    expect(isLessonHash('#steps=40&eps=1e-5')).toBe(false);
    expect(isLessonHash('')).toBe(false);
    expect(parseLessonHash('#steps=40', 9)).toBeNull();
  });

  it('reads a chapter, presentation and embed mode', () => {
    expect(parseLessonHash('#lesson', 9)).toEqual({ route: { chapter: 1, present: false, notes: false, embed: false }, notices: [] });
    expect(parseLessonHash('#lesson=', 9)?.route.chapter).toBe(1);
    expect(parseLessonHash('#lesson=4&present=1', 9)).toEqual({ route: { chapter: 4, present: true, notes: false, embed: false }, notices: [] });
    expect(parseLessonHash('#lesson=4&embed=1', 9)?.route).toEqual({ chapter: 4, present: false, notes: false, embed: true });
    expect(parseLessonHash('#lesson=4&present', 9)?.route.present).toBe(true);
    expect(parseLessonHash('#lesson=4&present=0', 9)?.route.present).toBe(false);
  });

  it('formats what it reads, and reads what it formats', () => {
    for (const route of [
      { chapter: 1, present: false, notes: false, embed: false },
      { chapter: 9, present: true, notes: false, embed: false },
      { chapter: 4, present: false, notes: false, embed: true },
    ]) {
      expect(parseLessonHash(formatLessonHash(route), 9)).toEqual({ route, notices: [] });
    }
    // A chapter is written by its slug, so a shared link stays right when chapters move.
    expect(formatLessonHash({ chapter: 4, present: true, notes: false, embed: false })).toBe(`#lesson=${slugAt(4)}&present=1`);
    expect(formatLessonHash({ chapter: 4, present: false, notes: true, embed: false })).toBe(`#lesson=${slugAt(4)}&notes=1`);
    expect(formatLessonHash({ chapter: 0, present: false, notes: false, embed: false })).toBe('#lesson=0');
    expect(parseLessonHash('#lesson=0&present=1', 9)?.route).toEqual({ chapter: 0, present: true, notes: false, embed: false });
    expect(parseLessonHash('#lesson=3&notes=1', 9)?.route.notes).toBe(true);
  });

  it('reads a chapter by its slug, in any case, or by its number', () => {
    for (const slug of CHAPTER_ORDER) {
      expect(parseLessonHash(`#lesson=${slug}`, CHAPTER_COUNT)).toEqual({ route: { chapter: chapterNumber(slug), present: false, notes: false, embed: false }, notices: [] });
    }
    expect(parseLessonHash('#lesson=Fan-Out&present=1', CHAPTER_COUNT)!.route).toEqual({ chapter: chapterNumber('fan-out'), present: true, notes: false, embed: false });
    expect(parseLessonHash('#lesson=3', CHAPTER_COUNT)!.route.chapter).toBe(3);
  });

  it('corrects junk with one notice each, never a blank page', () => {
    const word = parseLessonHash('#lesson=abc', 9)!;
    expect(word.route.chapter).toBe(1);
    expect(word.notices).toEqual(['Lesson: “abc” is neither a chapter’s number nor its name, so chapter 1 is shown.']);
    const high = parseLessonHash('#lesson=99', 9)!;
    expect(high.route.chapter).toBe(9);
    expect(high.notices[0]).toContain('there is no chapter 99');
    // 0 is the overview, not junk: no notice.
    expect(parseLessonHash('#lesson=0', 9)).toEqual({ route: { chapter: 0, present: false, notes: false, embed: false }, notices: [] });
    expect(parseLessonHash('#lesson=-3', 9)!.route.chapter).toBe(1);
    expect(parseLessonHash('#lesson=2.5', 9)!.notices).toHaveLength(1);
    expect(parseLessonHash('#lesson=1e3', 9)!.route.chapter).toBe(1);
    expect(parseLessonHash('#lesson=99999999999999999999', 9)!.route.chapter).toBe(1);
    const flag = parseLessonHash('#lesson=2&present=maybe', 9)!;
    expect(flag.route).toEqual({ chapter: 2, present: false, notes: false, embed: false });
    expect(flag.notices).toEqual(['Present: “maybe” is not 1 or 0, so it is off.']);
    const extra = parseLessonHash('#lesson=2&steps=40&zz=1&a=1&b=2', 9)!;
    expect(extra.route.chapter).toBe(2);
    expect(extra.notices).toEqual(['The lesson ignored settings it does not use: “steps”, “zz”, “a” and 1 more.']);
    // Presented or not, a chapter that is not a number is corrected with its notice.
    const presented = parseLessonHash('#lesson=abc&present=1', 9)!;
    expect(presented.route).toEqual({ chapter: 1, present: true, notes: false, embed: false });
    expect(presented.notices).toEqual(['Lesson: “abc” is neither a chapter’s number nor its name, so chapter 1 is shown.']);
    expect(parseLessonHash('#lesson=%E0%A4%A', 9)!.route.chapter).toBe(1);
  });

  it('steps between chapters within 1 … N', () => {
    expect(stepChapter(1, -1, 9)).toBe(1);
    expect(stepChapter(1, 1, 9)).toBe(2);
    expect(stepChapter(9, 1, 9)).toBe(9);
    expect(stepChapter(0, 1, 9)).toBe(1);
  });
});
