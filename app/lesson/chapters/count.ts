/**
 * How many chapters the lesson has: the number of rows of ./table.tsx. Kept apart so that the
 * lab's first chunk (the hash part and wiring that check `#lesson=N`) need not load the lesson's
 * words and figures; test/app/lesson/table.test.ts fails when the two differ.
 */
export const CHAPTER_COUNT = 13;
