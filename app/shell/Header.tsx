import { useLab } from '../state/store/index.ts';
import { ThemeToggle } from './theme/ThemeToggle.tsx';
import { Formula } from '../ui/formulas/Formula.tsx';
import { CHAPTER_COUNT } from '../lesson/chapters/order.ts';

/**
 * The title, the theme toggle, the program under study in KaTeX, and a short guide in plain words.
 * `formulas`: false while the page is painted in stages (App.tsx): the formulas' box keeps their
 * height, and they come a frame after the rest, their fonts and sizes (two thirds of the first
 * frame's work) in a frame of their own.
 */
export function Header({ formulas = true }: { formulas?: boolean }) {
  return (
    <header className="masthead">
      <div className="brand">
        <h1>Tape Lab</h1>
        <p className="tagline">
          Reverse-mode automatic differentiation, computed live in your browser: one chain, differentiated three
          ways and replayed under a checkpoint schedule.
        </p>
        <p className="start-here">
          New here? Start with the lesson: {CHAPTER_COUNT} short chapters, each with a live figure to move.
        </p>
        <p className="start-links">
          <a className="lesson-start" href="#lesson=1">
            Start the lesson
          </a>{' '}
          <a className="practice-start" href="#practice=adjoints&level=1&seed=1">
            Practice
          </a>
        </p>
        <ThemeToggle />
      </div>
      <div className={formulas ? 'formula' : 'formula formula-pending'} role="group" aria-label="The chain and its loss">
        {formulas ? (
          <>
            <Formula name="chain" />
            <Formula name="loss" />
          </>
        ) : null}
      </div>
      <ul className="guide" aria-label="What to try">
        <li>
          <strong>Move the step h.</strong> Too large and the difference measures the wrong secant; too small and it
          subtracts nearly equal numbers.
        </li>
        <li>
          <strong>Raise the steps.</strong> Reverse mode's cost stays the same for every parameter added; forward mode
          and finite differences grow with each one.
        </li>
        <li>
          <strong>Change the stride.</strong> Store fewer states and pay for it by replaying the steps between them.
        </li>
        <li>
          <strong>Type your own expression.</strong> Its tape and its gradient three ways, then a network on a tensor
          tape.{' '}
          <button type="button" className="link-button" onClick={() => useLab.getState().noteExprLinked()}>
            Go to the playground
          </button>
        </li>
      </ul>
    </header>
  );
}
