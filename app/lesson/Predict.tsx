import { useId, useState } from 'react';

/** One choice of a prediction, with why it is right or not. */
export interface Choice {
  label: string;
  correct: boolean;
  /** One or two sentences: why, in the terms of the figure. */
  why: string;
}

interface PredictProps {
  question: string;
  choices: readonly Choice[];
  /** Told the choice made (each time it changes); the figure then shows the answer. */
  onAnswer: (index: number) => void;
}

/**
 * "Predict, then see": a question as a radio group named by its text. After a choice a polite
 * live region says whether it was right and why; nothing is graded or kept beyond the page.
 */
export function Predict({ question, choices, onAnswer }: PredictProps) {
  const id = useId();
  const [picked, setPicked] = useState<number | null>(null);
  const choice = picked === null ? null : choices[picked];
  return (
    <div className="predict">
      <p id={`${id}-q`} className="predict-question">
        <span className="predict-tag">Predict</span> {question}
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
