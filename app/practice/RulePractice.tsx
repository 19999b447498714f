import { useId, useState, type FormEvent } from 'react';
import type { RuleProblem } from '../../engine/practice/types.ts';
import type { RuleVerdict } from '../../engine/practice/rule.ts';
import { practiceEngine } from '../../workers/practice/host.ts';
import type { PracticePlace } from './hashPart.ts';

interface Props {
  place: PracticePlace;
  problem: RuleProblem;
  onChecked: (right: boolean) => void;
}

/** Write the local partial(s) as an expression; a wrong rule gets a counterexample. */
export function RulePractice({ place, problem, onChecked }: Props) {
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [verdicts, setVerdicts] = useState<Record<string, RuleVerdict> | null>(null);
  const [summary, setSummary] = useState('');
  const id = useId();
  const f = `f(${problem.variables.join(', ')}) = ${problem.op}`;
  const check = async (e: FormEvent) => {
    e.preventDefault();
    const list: RuleVerdict[] = await practiceEngine.checkRule(place, Object.fromEntries(problem.variables.map((v) => [v, texts[v] ?? ''])));
    setVerdicts(Object.fromEntries(list.map((v) => [v.variable, v])));
    const all = list.every((v) => v.right);
    setSummary(all ? list.map((v) => v.message).join(' ') : list.filter((v) => !v.right).map((v) => v.message).join(' '));
    onChecked(all);
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
          return (
            <li key={v} className={verdict ? (verdict.right ? 'right' : 'wrong') : undefined}>
              <div className="field-row">
                <label className="field-name" htmlFor={`${id}-${v}-input`}>
                  ∂f/∂{v} =
                </label>
                <input
                  id={`${id}-${v}-input`}
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  value={texts[v] ?? ''}
                  onChange={(e) => setTexts((t) => ({ ...t, [v]: e.target.value }))}
                  aria-invalid={verdict ? !verdict.right : undefined}
                  aria-describedby={verdict ? `${id}-${v}` : undefined}
                />
                {verdict ? <span className="mark" aria-hidden="true">{verdict.right ? '✓' : '✗'}</span> : null}
              </div>
              {verdict ? (
                <p id={`${id}-${v}`} className="field-note">
                  {verdict.message}
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
      </div>
      <p className="practice-status" role="status">
        {summary}
      </p>
    </form>
  );
}
