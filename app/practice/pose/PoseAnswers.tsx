import { useId } from 'react';
import type { RevealItem } from '../../../engine/practice/reveal.ts';

interface Props {
  /** What the list holds: "Adjoints ∂f/∂v". */
  title: string;
  items: readonly RevealItem[];
  /** How many are revealed, from the first. */
  shown: number;
  onShown: (shown: number) => void;
}

/**
 * The answers, hidden until the lecturer reveals them: the next one (with the equation that gives
 * it), or all at once. A hidden answer is not on the page at all, so no one reads it early.
 */
export function PoseAnswers({ title, items, shown, onShown }: Props) {
  const id = useId();
  const last = shown > 0 ? items[shown - 1] : null;
  const one = items.length === 1;
  return (
    <section className="pose-answers" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ol className="pose-list">
        {items.map((item, k) => (
          <li key={item.name} className={k < shown ? 'shown' : 'hidden'}>
            <span className="pose-name">
              <span className="sr-only">{item.name.slice(0, item.name.length - item.short.length)}</span>
              {item.short}
            </span>
            {k < shown ? (
              <span className="pose-value">{item.answer}</span>
            ) : (
              <span className="pose-hidden">
                <span className="sr-only">hidden</span>
              </span>
            )}
          </li>
        ))}
      </ol>
      <div className="pose-buttons">
        <button type="button" className="primary" onClick={() => onShown(Math.min(items.length, shown + 1))} disabled={shown >= items.length}>
          {one ? 'Reveal' : 'Reveal the next'}
        </button>
        {one ? null : (
          <button type="button" onClick={() => onShown(items.length)} disabled={shown >= items.length}>
            Reveal all
          </button>
        )}
        <button type="button" onClick={() => onShown(0)} disabled={shown === 0}>
          Hide
        </button>
      </div>
      <p className="pose-why" role="status">
        {last ? last.why : `${one ? 'The answer is' : `All ${items.length} answers are`} hidden.`}
      </p>
    </section>
  );
}
