import { useId, useState, type FormEvent } from 'react';
import type { AdjointsProblem } from '../../engine/practice/types.ts';
import type { FieldVerdict } from '../../engine/practice/diagnose.ts';
import { practiceEngine } from '../../workers/practice/host.ts';
import type { PracticeBundle } from '../../workers/practice/protocol.ts';
import { pointText, readNumber } from './answerText.ts';
import type { PracticePlace } from './hashPart.ts';
import { ProblemGraph } from './ProblemGraph.tsx';
import { useTypedAnswers } from './typedAnswers.ts';

/** A finding in a few words, for the summary line (each field's note has the full sentence). */
const FINDING_WORDS: Record<NonNullable<FieldVerdict['finding']>, string> = {
  overwrite: 'an overwrite, where adjoints should add (+=)',
  sign: 'a sign error',
  'missing-partial': 'the local partial is missing',
  'wrong-input': 'the partial of the other input was used',
  'forgotten-seed': 'a forgotten seed',
  inherited: 'it inherits an error from a field above',
  equation: 'its equation with your numbers is below it',
  blank: 'it is empty',
};

interface Props {
  place: PracticePlace;
  bundle: PracticeBundle & { problem: AdjointsProblem };
  /** Told after each Check: right when every field is, and the answer was not shown first. */
  onChecked: (right: boolean) => void;
}

/** A field as Check left it: the engine's verdict, or the words on text that is not a number. */
interface Marked {
  verdict: FieldVerdict;
  /** Text that could not be read as a number: what to write instead. */
  unreadable: string | null;
}

/** The look of a marked field: right, the step right for the learner's own numbers above it, or wrong. */
const look = (m: Marked): 'right' | 'inherited' | 'wrong' => (m.verdict.right ? 'right' : m.verdict.finding === 'inherited' ? 'inherited' : 'wrong');

/**
 * Type every node's adjoint, in sweep order. Check marks each field and names the mistake without
 * giving its number; a step right for the learner's own numbers above it is marked so, not as an
 * error (only the first wrong step is aria-invalid). Hints give the fields' answers one at a time,
 * in the fields' order, and "Show the answer" gives them all; a problem solved after that is not
 * counted as solved. What is typed survives a reload.
 */
export function AdjointsPractice({ place, bundle, onChecked }: Props) {
  const { problem, fields } = bundle;
  const [texts, setText] = useTypedAnswers(place);
  const [marked, setMarked] = useState<Record<string, Marked> | null>(null);
  const [summary, setSummary] = useState('');
  // Fields whose answer is shown (hints, in the fields' order); all of them once the answer is asked for.
  const [hinted, setHinted] = useState(0);
  const shown = hinted >= fields.length;
  const [checking, setChecking] = useState(false);
  const id = useId();

  const check = async (e: FormEvent) => {
    e.preventDefault();
    setChecking(true);
    const readings = Object.fromEntries(fields.map((f) => [f, readNumber(texts[f] ?? '')]));
    const answers = Object.fromEntries(fields.map((f) => [f, readings[f].value]));
    try {
      const list = await practiceEngine.diagnose(place, answers);
      setMarked(Object.fromEntries(list.map((v) => [v.id, { verdict: v, unreadable: readings[v.id]?.error ?? null }])));
      const right = list.filter((v) => v.right).length;
      const all = right === list.length;
      // The first wrong field in sweep order, in words: where to look first.
      const first = list.find((v) => !v.right);
      const what = first && readings[first.id]?.error ? 'it is not a number yet' : FINDING_WORDS[first?.finding ?? 'equation'];
      setSummary(
        all
          ? `All ${list.length} adjoints are right: the gradient by hand.${hinted > 0 ? ' (With the answer shown, it is not counted as solved.)' : ''}`
          : `${right} of ${list.length} right. Start at adjoint of ${first!.id}: ${what}.`,
      );
      onChecked(all && hinted === 0);
    } finally {
      setChecking(false);
    }
  };

  // The first wrong step, in sweep order: the one field marked invalid.
  const firstWrong = marked ? fields.find((f) => marked[f] && look(marked[f]) === 'wrong') : undefined;
  // The graph shows the sweep up to the last field whose answer is shown.
  const index = (nodeId: string) => problem.nodes.findIndex((n) => n.id === nodeId);
  const lastShown = hinted > 0 ? index(fields[hinted - 1]) : null;
  const events = lastShown === null ? 0 : bundle.steps.filter((s) => index(s.node) > lastShown).length;
  const reveal = new Map(bundle.reveal.map((r) => [r.short, r]));
  return (
    <div className="practice-work">
      <div className="practice-left">
        <p className="practice-task">
          f = <code>{problem.expression}</code> at {pointText(problem.at)}. Type the adjoint ∂f/∂v of every node, starting at the output and working back (the
          order of the sweep). Press Enter or Check.
        </p>
        <ProblemGraph view={bundle.view!} labels={bundle.labels} expression={problem.expression} revealed={events} />
      </div>
      <form className="practice-fields" onSubmit={check} aria-label="Your adjoints">
        <ol className="field-list">
          {fields.map((f, k) => {
            const m = marked?.[f];
            const noteId = `${id}-${f}`;
            const hint = k < hinted ? reveal.get(f) : undefined;
            const said = m ? (m.unreadable ?? (m.verdict.right ? null : m.verdict.message)) : null;
            return (
              <li key={f} className={m ? look(m) : undefined}>
                <div className="field-row">
                  <label className="field-name" htmlFor={`${noteId}-input`}>
                    adjoint of {f}
                  </label>
                  {/* No inputMode="decimal": a phone's decimal keypad has no minus sign. */}
                  <input
                    id={`${noteId}-input`}
                    type="text"
                    inputMode="text"
                    autoComplete="off"
                    autoCapitalize="off"
                    spellCheck={false}
                    value={texts[f] ?? ''}
                    onChange={(e) => setText(f, e.target.value)}
                    aria-invalid={m ? f === firstWrong : undefined}
                    aria-describedby={m || hint ? noteId : undefined}
                  />
                  {m ? (
                    <span className="mark" aria-hidden="true">
                      {look(m) === 'right' ? '✓' : look(m) === 'inherited' ? '↳' : '✗'}
                    </span>
                  ) : null}
                </div>
                {said || hint ? (
                  <p id={noteId} className="field-note">
                    {said}
                    {said && hint ? ' ' : ''}
                    {hint ? <span className="field-answer">The answer: {hint.answer}. {hint.why}</span> : null}
                  </p>
                ) : m ? (
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
          <button type="button" onClick={() => setHinted((h) => Math.min(fields.length, h + 1))} disabled={shown}>
            Hint: the next field
          </button>
          <button type="button" onClick={() => setHinted(fields.length)} disabled={shown}>
            Show the answer
          </button>
        </div>
        <p className="practice-status" role="status">
          {summary}
        </p>
      </form>
    </div>
  );
}
