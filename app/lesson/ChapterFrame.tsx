import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import type { Live } from './chapters/row.ts';
import { useLessonView } from './context.ts';
import { Predict } from './Predict.tsx';

interface ChapterFrameProps {
  /** The live figure with its controls. */
  figure: ReactNode;
  /** The lab's hash for the state the figure shows (the row's `labSection` says where it lands). */
  labHash: string;
  /** Told the choice made on the chapter's question (each time it changes): the figure then shows the answer. */
  onAnswer?: (index: number) => void;
  /** The figure's values, formatted, that the question's words quote (see ChapterRow.question). */
  live?: Live;
}

const NONE: Live = {};
const IGNORE = () => {};

/**
 * One chapter as an article: its title, its words and question (from its row of
 * app/lesson/chapters/table.tsx) beside its figure, and the way into the lab.
 */
export function ChapterFrame({ figure, labHash, onAnswer = IGNORE, live = NONE }: ChapterFrameProps) {
  const id = useId();
  const { route, row, focusTitle } = useLessonView();
  const heading = useRef<HTMLHeadingElement | null>(null);
  // The row's afterAnswer shows once the student has committed a choice.
  const [answered, setAnswered] = useState(false);
  const focusHeading = useEffectEvent(() => {
    if (focusTitle) heading.current?.focus({ preventScroll: route.present });
  });
  // Once, as the chapter (loaded on demand) mounts.
  useEffect(() => focusHeading(), []);
  return (
    <article className={row.wide ? `chapter wide-${row.wide}` : 'chapter'} aria-labelledby={id}>
      <div className="chapter-text">
        <h2 id={id} tabIndex={-1} ref={heading}>
          <span className="chapter-number">{row.number}.</span> {row.title}
        </h2>
        {row.body}
        {row.question && (
          <Predict
            question={row.question}
            live={live}
            onAnswer={(index) => {
              setAnswered(true);
              onAnswer(index);
            }}
          />
        )}
        {answered ? row.afterAnswer : null}
        {row.afterQuestion}
      </div>
      <div className="chapter-figure">
        {figure}
        <p className="to-lab">
          <a href={`${labHash}&go=${row.labSection}`} target={route.embed ? '_blank' : undefined} rel={route.embed ? 'noopener' : undefined}>
            Open this in the lab
          </a>
        </p>
      </div>
    </article>
  );
}
