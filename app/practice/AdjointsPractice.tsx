import { useId, useState, type FormEvent } from 'react';
import type { AdjointsProblem } from '../../engine/practice/types.ts';
import type { FieldVerdict } from '../../engine/practice/diagnose.ts';
import { practiceEngine } from '../../workers/practice/host.ts';
import type { PracticeBundle } from '../../workers/practice/protocol.ts';
import { pointText, readAnswer } from './answerText.ts';
import type { PracticePlace } from './hashPart.ts';
import { ProblemGraph } from './ProblemGraph.tsx';

/** A finding in a few words, for the summary line (each field's note has the full sentence). */
const FINDING_WORDS: Record<NonNullable<FieldVerdict['finding']>, string> = {
  overwrite: 'an overwrite, where adjoints should add (+=)',
  sign: 'a sign error',
  'missing-partial': 'the local partial is missing',
  'wrong-input': "the partial of the other input was used",
  'forgotten-seed': 'a forgotten seed: the output’s adjoint is 1',
  inherited: 'it inherits an error from a field above',
  equation: 'its equation with your numbers is below it',
  blank: 'it is empty',
};

interface Props {
  place: PracticePlace;
  bundle: PracticeBundle & { problem: AdjointsProblem };
  onChecked: (right: boolean) => void;
}

/** Type every node's adjoint, in sweep order; Check marks each field and names the mistake. */
export function AdjointsPractice({ place, bundle, onChecked }: Props) {
  const { problem, fields } = bundle;
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [verdicts, setVerdicts] = useState<Record<string, FieldVerdict> | null>(null);
  const [summary, setSummary] = useState('');
  const [revealed, setRevealed] = useState(0);
  const [checking, setChecking] = useState(false);
  const id = useId();

  const check = async (e: FormEvent) => {
    e.preventDefault();
    setChecking(true);
    const answers = Object.fromEntries(fields.map((f) => [f, readAnswer(texts[f] ?? '')]));
    try {
      const list = await practiceEngine.diagnose(place, answers);
      setVerdicts(Object.fromEntries(list.map((v) => [v.id, v])));
      const right = list.filter((v) => v.right).length;
      const all = right === list.length;
      // The first wrong field in sweep order, in words: where to look first.
      const first = list.find((v) => !v.right);
      setSummary(
        all
          ? `All ${list.length} adjoints are right: the gradient by hand.`
          : `${right} of ${list.length} right. Start at adjoint of ${first!.id}: ${FINDING_WORDS[first!.finding ?? 'equation']}.`,
      );
      onChecked(all);
    } finally {
      setChecking(false);
    }
  };

  const steps = bundle.steps;
  return (
    <div className="practice-work">
      <div className="practice-left">
        <p className="practice-task">
          f = <code>{problem.expression}</code> at {pointText(problem.at)}. Type the adjoint ∂f/∂v of every node, starting at the output and working back (the
          order of the sweep). Press Enter or Check.
        </p>
        <ProblemGraph view={bundle.view!} labels={bundle.labels} expression={problem.expression} revealed={revealed} />
      </div>
      <form className="practice-fields" onSubmit={check} aria-label="Your adjoints">
        <ol className="field-list">
          {fields.map((f) => {
            const v = verdicts?.[f];
            const noteId = `${id}-${f}`;
            return (
              <li key={f} className={v ? (v.right ? 'right' : 'wrong') : undefined}>
                <div className="field-row">
                  <label className="field-name" htmlFor={`${noteId}-input`}>
                    adjoint of {f}
                  </label>
                  <input
                    id={`${noteId}-input`}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    spellCheck={false}
                    value={texts[f] ?? ''}
                    onChange={(e) => setTexts((t) => ({ ...t, [f]: e.target.value }))}
                    aria-invalid={v ? !v.right : undefined}
                    aria-describedby={v ? noteId : undefined}
                  />
                  {v ? <span className="mark" aria-hidden="true">{v.right ? '✓' : '✗'}</span> : null}
                </div>
                {v && !v.right ? (
                  <p id={noteId} className="field-note">
                    {v.message}
                  </p>
                ) : v ? (
                  <span id={noteId} className="sr-only">
                    right
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
        <div className="practice-buttons">
          <button type="submit" className="primary" disabled={checking}>
            Check
          </button>
          <button type="button" onClick={() => setRevealed((r) => Math.min(steps.length, r + 1))} disabled={revealed >= steps.length}>
            Show the next step
          </button>
        </div>
        <p className="practice-status" role="status">
          {summary}
        </p>
        {revealed > 0 ? (
          <ol className="practice-steps" aria-label="Steps of the sweep shown so far">
            {steps.slice(0, revealed).map((s, k) => (
              <li key={k}>{s.text}</li>
            ))}
          </ol>
        ) : null}
      </form>
    </div>
  );
}
