import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';
import './remember.css';

/** Chapter `remember`: its question, its place in the lab and its figure (its words are ./words.md). */
export const chapter: ChapterContent = {
  wide: 'words',
  labSection: 'work',
  figure: retryable(() => import('./Figure.tsx')),
};
