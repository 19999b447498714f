import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { say, type Live, type Question } from './chapters/row.ts';

interface PredictProps {
  question: Question;
  /** The figure's values the question's words quote. */
  live: Live;
  /** Told how many wrong tries are in, each time one is added (the figure's "Answer first" word follows it). */
  onTry?: (wrongTries: number) => void;
  /** The lecturer asked for the answer ("Show the answer", beside the figure's "Answer first" word). */
  asked?: boolean;
  /**
   * Told once the question is settled: the accepted choice picked, a second wrong one, or the
   * answer asked for. The figure then shows the answer. `index` is the choice picked (the
   * accepted one when the answer was asked for).
   */
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

/** How many distinct wrong choices settle a question: the second wrong try shows the answer. */
export const TRIES = 2;

/**
 * What the live region says after a choice. A first wrong try gets its reason and a second try,
 * never the answer; the answer comes with the accepted choice, the second wrong try, or on request.
 */
export function feedback(choice: { correct: boolean; why: string } | null, settled: boolean, answer: string, answerWhy: string): string {
  const theAnswer = `The answer: “${answer}”. ${answerWhy}`;
  if (choice === null) return settled ? theAnswer : '';
  if (choice.correct) return `Yes. ${choice.why}`;
  return settled ? `Not quite. ${theAnswer}` : `Not quite. ${choice.why} Try once more.`;
}

/**
 * "Predict, then see": a question as a radio group named by its text. The arrow keys only move
 * between the choices; a choice is committed by a click, Space or Enter, and only then does a
 * polite live region say whether it was right and why. A wrong choice gets its reason and a second
 * try; the second wrong try, or `asked` (the lecturer's "Show the answer"), gives the answer. Nothing is
 * graded or kept beyond the page.
 */
export function Predict({ question, live, onTry, asked = false, onAnswer }: PredictProps) {
  const id = useId();
  const [picked, setPicked] = useState<number | null>(null);
  const [wrong, setWrong] = useState<readonly number[]>([]);
  const [focus, setFocus] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const choices = question.choices.map((c) => {
    const label = say(c.label, live);
    return { label, correct: typeof c.label === 'string' && label === question.answer, why: say(c.why, live) };
  });
  const right = Math.max(
    0,
    choices.findIndex((c) => c.correct),
  );
  const choice = picked === null ? null : choices[picked];
  const settled = asked || wrong.length >= TRIES || choice?.correct === true;
  const commit = (i: number) => {
    setPicked(i);
    setFocus(i);
    if (choices[i].correct) {
      if (!settled) onAnswer(i);
      return;
    }
    if (wrong.includes(i)) return;
    const tries = [...wrong, i];
    setWrong(tries);
    onTry?.(tries.length);
    if (!settled && tries.length >= TRIES) onAnswer(i);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const to = moveTo(event.key, i, choices.length);
    if (to === null) return;
    event.preventDefault();
    setFocus(to);
    buttons.current[to]?.focus();
  };
  const said = feedback(choice, settled, question.answer, choices[right].why);
  const mark = (i: number) => {
    if (picked === i) return choices[i].correct ? 'picked right' : 'picked wrong';
    if (settled && i === right) return 'answer';
    return wrong.includes(i) ? 'tried' : undefined;
  };
  return (
    <div className="predict">
      <p id={`${id}-q`} className="predict-question">
        <span className="predict-tag">Predict</span> {say(question.prompt, live)}
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
            className={mark(i)}
            onClick={() => commit(i)}
            onKeyDown={(event) => onKeyDown(event, i)}
          >
            <span className="predict-mark" aria-hidden="true" />
            <span>{c.label}</span>
          </button>
        ))}
      </div>
      <p role="status" className={`predict-feedback${choice ? (choice.correct ? ' right' : ' wrong') : settled ? ' right' : ''}`}>
        {said}
      </p>
    </div>
  );
}
