/**
 * The lesson's chapters in order, by slug: the one list that counts and numbers them. Chapter N
 * (`#lesson=N`) is the Nth slug here; moving a chapter is moving its line. The list holds no words,
 * so the lab's first chunk (the hash part and wiring that check `#lesson=N`) reads it without
 * loading the lesson. Each slug names the chapter's folder beside this file.
 */
export const CHAPTER_ORDER = [
  'chain',
  'sweep',
  'fan-out',
  'transpose',
  'one-sweep',
  'finite-differences',
  'tape-price',
  'checkpointing',
  'tensors',
  'hidden',
  'bugs',
  'second-order',
  'remember',
] as const;

/** A chapter's stable name: its folder, and how tests and links name it. */
export type ChapterSlug = (typeof CHAPTER_ORDER)[number];

/** How many chapters the lesson has. */
export const CHAPTER_COUNT = CHAPTER_ORDER.length;

/** The chapter's place, from 1 (`#lesson=N`). */
export function chapterNumber(slug: ChapterSlug): number {
  return CHAPTER_ORDER.indexOf(slug) + 1;
}

/** The slug of chapter `number` (from 1), or undefined when there is none. */
export function slugAt(number: number): ChapterSlug | undefined {
  return CHAPTER_ORDER[number - 1];
}
