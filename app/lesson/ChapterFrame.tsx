import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { CHAPTER_TITLES } from './titles.ts';
import { useLessonView } from './context.ts';

interface ChapterFrameProps {
  /** The short paragraphs, the question and what to do. */
  text: ReactNode;
  /** The live figure with its controls. */
  figure: ReactNode;
  /** The lab's hash for the state the figure shows. */
  labHash: string;
}

/** One chapter as an article: its title, its words beside its figure, and the way into the lab. */
export function ChapterFrame({ text, figure, labHash }: ChapterFrameProps) {
  const id = useId();
  const { route, focusTitle } = useLessonView();
  const heading = useRef<HTMLHeadingElement | null>(null);
  const focusHeading = useEffectEvent(() => {
    if (focusTitle) heading.current?.focus({ preventScroll: route.present });
  });
  // Once, as the chapter (loaded on demand) mounts.
  useEffect(() => focusHeading(), []);
  const title = CHAPTER_TITLES[route.chapter - 1];
  return (
    <article className="chapter" aria-labelledby={id}>
      <div className="chapter-text">
        <h2 id={id} tabIndex={-1} ref={heading}>
          <span className="chapter-number">{route.chapter}.</span> {title}
        </h2>
        {text}
      </div>
      <div className="chapter-figure">
        {figure}
        <p className="to-lab">
          <a href={labHash} target={route.embed ? '_blank' : undefined} rel={route.embed ? 'noopener' : undefined}>
            Open this in the lab
          </a>
        </p>
      </div>
    </article>
  );
}
