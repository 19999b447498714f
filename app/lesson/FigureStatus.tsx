import type { Answer } from '../ui/teach/useAnswer.ts';

/** What a figure shows before the worker's first answer, or when it could not answer. */
export function FigureStatus({ answer, waiting }: { answer: Answer<unknown>; /** What the worker is doing, in words (never a bare "Computing…"). */ waiting: string }) {
  if (answer.error) return <p className="figure-error">The engine could not answer: {answer.error}</p>;
  return <p className="figure-waiting">{waiting}</p>;
}
