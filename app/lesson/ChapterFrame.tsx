import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import type { Live } from './chapters/row.ts';
import { useLessonView } from './context.ts';
import { ANSWER_FIRST, GateContext, gateWhy } from './gate.ts';
import { Predict } from './Predict.tsx';
import { Words } from './words/Words.tsx';

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
 * app/lesson/chapters/table.ts) beside its figure, and the way into the lab.
 */
export function ChapterFrame({ figure, labHash, onAnswer = IGNORE, live = NONE }: ChapterFrameProps) {
  const id = useId();
  const { route, row, focusTitle } = useLessonView();
  const heading = useRef<HTMLHeadingElement | null>(null);
  // The row's afterAnswer shows, and the figure moves, once the question is settled.
  const [answered, setAnswered] = useState(false);
  const [tries, setTries] = useState(0);
  const [asked, setAsked] = useState(false);
  const open = !row.question || answered;
  const gate = { open, why: open ? '' : gateWhy(tries), noteId: `${id}-wait` };
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
        <Words blocks={row.body} />
        {row.question && (
          <Predict
            question={row.question}
            live={live}
            onTry={setTries}
            asked={asked}
            onAnswer={(index) => {
              setAnswered(true);
              onAnswer(index);
            }}
          />
        )}
        {answered ? <Words blocks={row.afterAnswer} /> : null}
        <Words blocks={row.afterQuestion} />
      </div>
      <div className="chapter-figure">
        {open ? null : (
          <p className="answer-first">
            {/* On the stage only "Answer first" shows, beside "Open this in the lab", on one line. */}
            <span id={gate.noteId}>
              {ANSWER_FIRST}
              <span className="answer-first-more">{gate.why.slice(ANSWER_FIRST.length, -1)}</span>.
            </span>{' '}
            <button
              type="button"
              onClick={() => {
                const q = row.question!;
                setAsked(true);
                setAnswered(true);
                onAnswer(q.choices.findIndex((c) => c.label === q.answer));
              }}
            >
              Show the answer
            </button>
          </p>
        )}
        <GateContext.Provider value={gate}>{figure}</GateContext.Provider>
        <p className="to-lab">
          <a href={`${labHash}&go=${row.labSection}`} target={route.embed ? '_blank' : undefined} rel={route.embed ? 'noopener' : undefined}>
            Open this in the lab
          </a>
        </p>
      </div>
    </article>
  );
}
