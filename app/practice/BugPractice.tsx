import { useState } from 'react';
import type { BugProblem } from '../../engine/practice/types.ts';
import { practiceEngine } from '../../workers/practice/host.ts';
import type { PracticeBundle } from '../../workers/practice/protocol.ts';
import { pointText } from './answerText.ts';
import type { PracticePlace } from './hashPart.ts';
import { ProblemGraph } from './ProblemGraph.tsx';

interface Props {
  place: PracticePlace;
  bundle: PracticeBundle & { problem: BugProblem };
  /** Told after each Check: right when the first wrong event is marked and the answer was not shown first. */
  onChecked: (right: boolean) => void;
}

/**
 * Step through a recorded sweep with one wrong event and mark the first wrong one. Check says
 * which way to look, never which event; "Show the answer" names it (then the problem is not
 * counted as solved).
 */
export function BugPractice({ place, bundle, onChecked }: Props) {
  const { problem, events } = bundle;
  const [shown, setShown] = useState(1);
  const [marked, setMarked] = useState<number | null>(null);
  const [verdict, setVerdict] = useState<{ right: boolean; message: string } | null>(null);
  const [asked, setAsked] = useState(false);
  const answer = bundle.reveal[0];
  const check = async () => {
    if (marked === null) return;
    const v = await practiceEngine.checkBug(place, marked);
    setVerdict(v);
    onChecked(v.right && !asked);
  };
  return (
    <div className="practice-work">
      <div className="practice-left">
        <p className="practice-task">
          f = <code>{problem.expression}</code> at {pointText(problem.at)}. Below is a recorded reverse sweep: each event should do adj[parent] += ∂node/∂parent ×
          adj[node]. One event is wrong. Step through it, check each against the tape, and mark the first wrong event.
        </p>
        <ProblemGraph view={bundle.view!} labels={bundle.labels} expression={problem.expression} revealed={0} />
      </div>
      <div className="practice-fields">
        <fieldset className="bug-events">
          <legend>The recorded sweep: {shown} of {events.length} events shown</legend>
          <ol>
            {events.slice(0, shown).map((text, k) => (
              <li key={k} className={verdict && marked === k ? (verdict.right ? 'right' : 'wrong') : undefined}>
                <label>
                  <input type="radio" name="first-wrong" checked={marked === k} onChange={() => setMarked(k)} aria-invalid={verdict && marked === k ? !verdict.right : undefined} />
                  <span>
                    <strong>Event {k + 1}.</strong> {text}
                  </span>
                </label>
              </li>
            ))}
          </ol>
        </fieldset>
        <div className="practice-buttons">
          <button type="button" onClick={() => setShown((s) => Math.min(events.length, s + 1))} disabled={shown >= events.length}>
            Next event
          </button>
          <button type="button" className="primary" onClick={check} disabled={marked === null}>
            Check
          </button>
          <button type="button" onClick={() => (setAsked(true), setShown(events.length))} disabled={asked || !answer}>
            Show the answer
          </button>
        </div>
        <p className="practice-status" role="status">
          {verdict?.message ?? ''}
        </p>
        {asked && answer ? (
          <p className="field-note">
            <span className="field-answer">
              The answer: {answer.answer}. {answer.why}
            </span>
          </p>
        ) : null}
      </div>
    </div>
  );
}
