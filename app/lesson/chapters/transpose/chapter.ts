import { retryable } from '../../../shell/retryable.ts';
import type { ChapterContent } from '../row.ts';
import './transpose.css';

/** Chapter `transpose`: its question, its place in the lab and its figure (its words are ./words.md). */
export const chapter: ChapterContent = {
  labSection: 'reverse',
  figure: retryable(() => import('./Figure.tsx')),
};
