import './tryOne.css';
import type { ReactNode } from 'react';
import type { PracticeLevel } from '../../engine/practice/types.ts';
import { practiceHash } from '../practice/wire.ts';
import { useLessonView } from './context.ts';

interface TryOneProps {
  /** The practice level that matches the chapter. */
  level: PracticeLevel;
  /** The adjoints problem to open first (the student goes on from there with "Another problem"). */
  seed: number;
  /** What the problem asks, in a sentence. */
  children: ReactNode;
}

/**
 * "Try one yourself": at the end of a chapter, a practice problem of the matching level, done by
 * hand and checked (app/practice). Embedded, it opens in a new tab; in presentation mode it is
 * left out (the practice page's "Present this problem" poses one to the room).
 */
export function TryOne({ level, seed, children }: TryOneProps) {
  const { route } = useLessonView();
  if (route.present) return null;
  return (
    <p className="try-one">
      <a
        href={practiceHash({ kind: 'adjoints', level, seed })}
        target={route.embed ? '_blank' : undefined}
        rel={route.embed ? 'noopener' : undefined}
      >
        Try one yourself
      </a>
      : {children}
    </p>
  );
}
