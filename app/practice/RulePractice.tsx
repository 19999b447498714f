import { useId, useState, type FormEvent } from 'react';
import type { RuleProblem } from '../../engine/practice/types.ts';
import type { RuleVerdict } from '../../engine/practice/rule.ts';
import { practiceEngine } from '../../workers/practice/host.ts';
import type { PracticePlace } from './hashPart.ts';
import { useTypedAnswers } from './typedAnswers.ts';

interface Props {
  place: PracticePlace;
  problem: RuleProblem;
  /** Told after each Check: right when every rule is, and the answer was not shown first. */
  onChecked: (right: boolean) => void;
}

/**
 * Write the local partial(s) as an expression; a wrong rule gets a counterexample (or "sign
 * error"), said once, under its field; the status line only counts. "Show the answer" gives the
 * rules; a problem solved after that is not counted as solved. What is typed survives a reload.
 */
export function RulePractice({ place, problem, onChecked }: Props) {
  const [texts, setText] = useTypedAnswers(place);
  const [verdicts, setVerdicts] = useState<Record<string, RuleVerdict> | null>(null);
  const [summary, setSummary] = useState('');
  const [shown, setShown] = useState(false);
  const id = useId();
  const f = `f(${problem.variables.join(', ')}) = ${problem.op}`;
  const check = async (e: FormEvent) => {
    e.preventDefault();
    const list: RuleVerdict[] = await practiceEngine.checkRule(place, Object.fromEntries(problem.variables.map((v) => [v, texts[v] ?? ''])));
    setVerdicts(Object.fromEntries(list.map((v) => [v.variable, v])));
    const right = list.filter((v) => v.right).length;
    const all = right === list.length;
    const many = list.length > 1;
    setSummary(
      all
        ? `${many ? 'Both rules are' : 'The rule is'} right.${shown ? ' (With the answer shown, it is not counted as solved.)' : ''}`
        : `${right} of ${list.length} right: the note under ${many ? 'each wrong field' : 'the field'} says why.`,
    );
    onChecked(all && !shown);
  };
  return (
    <form className="practice-rule" onSubmit={check} aria-label="Your rule">
      <p className="practice-task">
        Write {problem.variables.map((v) => `∂f/∂${v}`).join(' and ')} for <code>{f}</code> as {problem.variables.length > 1 ? 'expressions' : 'an expression'} in the
        playground's language (+ − * / ^, sin, cos, exp, ln, sqrt, tanh, sigmoid…). It is checked at {problem.points.length} points against the tape and central
        differences.
      </p>
      <ol className="field-list">
        {problem.variables.map((v) => {
          const verdict = verdicts?.[v];
          const noteId = `${id}-${v}`;
          return (
            <li key={v} className={verdict ? (verdict.right ? 'right' : 'wrong') : undefined}>
              <div className="field-row">
                <label className="field-name" htmlFor={`${noteId}-input`}>
                  ∂f/∂{v} =
                </label>
                <input
                  id={`${noteId}-input`}
                  type="text"
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  value={texts[v] ?? ''}
                  onChange={(e) => setText(v, e.target.value)}
                  aria-invalid={verdict ? !verdict.right : undefined}
                  aria-describedby={verdict || shown ? noteId : undefined}
                />
                {verdict ? <span className="mark" aria-hidden="true">{verdict.right ? '✓' : '✗'}</span> : null}
              </div>
              {verdict || shown ? (
                <p id={noteId} className="field-note">
                  {verdict ? verdict.message : null}
                  {verdict && shown ? ' ' : null}
                  {shown ? (
                    <span className="field-answer">
                      The answer: ∂f/∂{v} = {problem.answer[v]}.
                    </span>
                  ) : null}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="practice-buttons">
        <button type="submit" className="primary">
          Check
        </button>
        <button type="button" onClick={() => setShown(true)} disabled={shown}>
          Show the answer
        </button>
      </div>
      <p className="practice-status" role="status">
        {summary}
      </p>
    </form>
  );
}
