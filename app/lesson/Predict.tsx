import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { say, type Live, type Question } from './chapters/row.ts';

interface PredictProps {
  question: Question;
  /** The figure's values the question's words quote. */
  live: Live;
  /** Told the choice made (each time it changes); the figure then shows the answer. */
  onAnswer: (index: number) => void;
}

/** Where an arrow key moves the focus among n choices (it never picks one). */
function moveTo(key: string, at: number, n: number): number | null {
  if (key === 'ArrowDown' || key === 'ArrowRight') return (at + 1) % n;
  if (key === 'ArrowUp' || key === 'ArrowLeft') return (at - 1 + n) % n;
  if (key === 'Home') return 0;
  if (key === 'End') return n - 1;
  return null;
}

/**
 * "Predict, then see": a question as a radio group named by its text. The arrow keys only move
 * between the choices; a choice is committed by a click, Space or Enter, and only then does a
 * polite live region say whether it was right and why. Nothing is graded or kept beyond the page.
 */
export function Predict({ question, live, onAnswer }: PredictProps) {
  const id = useId();
  const [picked, setPicked] = useState<number | null>(null);
  const [focus, setFocus] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const choices = question.choices.map((c) => {
    const label = say(c.label, live);
    return { label, correct: typeof c.label === 'string' && label === question.answer, why: say(c.why, live) };
  });
  const choice = picked === null ? null : choices[picked];
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const to = moveTo(event.key, i, choices.length);
    if (to === null) return;
    event.preventDefault();
    setFocus(to);
    buttons.current[to]?.focus();
  };
  return (
    <div className="predict">
      <p id={`${id}-q`} className="predict-question">
        <span className="predict-tag">Predict</span> {question.prompt}
      </p>
      <div role="radiogroup" aria-labelledby={`${id}-q`} className="predict-choices">
        {choices.map((c, i) => (
          <button
            key={c.label}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={picked === i}
            tabIndex={i === (picked ?? focus) ? 0 : -1}
            className={picked === i ? (c.correct ? 'picked right' : 'picked wrong') : undefined}
            onClick={() => {
              setPicked(i);
              setFocus(i);
              onAnswer(i);
            }}
            onKeyDown={(event) => onKeyDown(event, i)}
          >
            <span className="predict-mark" aria-hidden="true" />
            <span>{c.label}</span>
          </button>
        ))}
      </div>
      <p role="status" className={`predict-feedback${choice ? (choice.correct ? ' right' : ' wrong') : ''}`}>
        {choice ? `${choice.correct ? 'Yes.' : 'Not quite.'} ${choice.why}` : ''}
      </p>
    </div>
  );
}
