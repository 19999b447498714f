import type { ChapterContent } from '../row.ts';
import Figure from './Figure.tsx';

/** Chapter `chain`: its question, its place in the lab and its figure (its words are ./words.md). */
export const chapter: ChapterContent = {
  wide: 'graph',
  labSection: 'playground',
  // In the lesson's own chunk: the first chapter most people open.
  figure: Figure,
};
