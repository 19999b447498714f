import { lazy, type ComponentType } from 'react';
import Chapter1 from './chapters/Chapter1.tsx';

/**
 * The chapters' bodies, in the order of CHAPTER_TITLES. The first is in the lesson's own chunk;
 * the others load when first opened.
 */
export const CHAPTER_BODIES: readonly ComponentType[] = [
  Chapter1,
  lazy(() => import('./chapters/Chapter2.tsx')),
  lazy(() => import('./chapters/Chapter3.tsx')),
  lazy(() => import('./chapters/Chapter4.tsx')),
  lazy(() => import('./chapters/Chapter5.tsx')),
  lazy(() => import('./chapters/Chapter6.tsx')),
  lazy(() => import('./chapters/Chapter7.tsx')),
  lazy(() => import('./chapters/Chapter8.tsx')),
  lazy(() => import('./chapters/Chapter9.tsx')),
  lazy(() => import('./chapters/Chapter10.tsx')),
];
