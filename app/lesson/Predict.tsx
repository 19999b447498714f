import { useId, useState } from 'react';
import { say, type Live, type Question } from './chapters/row.ts';

interface PredictProps {
  question: Question;
  /** The figure's values the question's words quote. */
  live: Live;
  /** Told the choice made (each time it changes); the figure then shows the answer. */
  onAnswer: (index: number) => void;
}

/**
 * "Predict, then see": a question as a radio group named by its text. After a choice a polite
 * live region says whether it was right and why; nothing is graded or kept beyond the page.
 */
export function Predict({ question, live, onAnswer }: PredictProps) {
  const id = useId();
  const [picked, setPicked] = useState<number | null>(null);
  const choices = question.choices.map((c) => {
    const label = say(c.label, live);
    return { label, correct: typeof c.label === 'string' && label === question.answer, why: say(c.why, live) };
  });
  const choice = picked === null ? null : choices[picked];
  return (
    <div className="predict">
      <p id={`${id}-q`} className="predict-question">
        <span className="predict-tag">Predict</span> {question.prompt}
      </p>
      <div role="radiogroup" aria-labelledby={`${id}-q`} className="predict-choices">
        {choices.map((c, i) => (
          <label key={c.label} className={picked === i ? (c.correct ? 'picked right' : 'picked wrong') : undefined}>
            <input
              type="radio"
              name={`${id}-choice`}
              value={i}
              checked={picked === i}
              onChange={() => {
                setPicked(i);
                onAnswer(i);
              }}
            />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
      <p role="status" className={`predict-feedback${choice ? (choice.correct ? ' right' : ' wrong') : ''}`}>
        {choice ? `${choice.correct ? 'Yes.' : 'Not quite.'} ${choice.why}` : ''}
      </p>
    </div>
  );
}
