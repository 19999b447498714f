/** The chapters' titles, in order (app/lesson/chapters.tsx pairs each with its body). */
export const CHAPTER_TITLES: readonly string[] = [
  'A program is a chain of small steps',
  'The backward sweep',
  'A value read twice',
  'A chain, and its transpose',
  'Why one sweep gives every gradient',
  'Finite differences: the V of error',
  'The tape is the price',
  'Checkpointing: buy memory back with compute',
  'From scalars to tensors',
  'What frameworks hide',
];

/** How many chapters the lesson has. */
export const CHAPTER_COUNT = CHAPTER_TITLES.length;
