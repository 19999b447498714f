import { useId, useState, type KeyboardEvent } from 'react';
import { appRange } from '../state/settings/schema.ts';
import { timedInput } from '../state/perf/labInput.ts';
import { useLab } from '../state/store/index.ts';

/**
 * The chain steps as a number to type: the steps slider stops at 200, this field reaches every T
 * the engine runs (1 … 100,000). It commits on Enter or when focus leaves; until then the chain
 * keeps its steps, so a half-typed "20" never runs a 20-step chain on the way to 20000. Escape
 * puts back the current steps. A value it cannot use is named under the field, and nothing runs.
 */
export function StepsField({ describedBy }: { describedBy?: string }) {
  const id = useId();
  const steps = useLab((s) => s.steps);
  const setSetting = useLab((s) => s.setSetting);
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { min, max } = appRange('steps', steps);
  const problemId = `${id}-problem`;

  const commit = (timeStamp: number) => {
    if (draft === null) return;
    const read = readSteps(draft, min, max);
    if (typeof read === 'string') {
      setProblem(read);
      return;
    }
    setProblem(null);
    setDraft(null);
    if (read !== steps) timedInput(() => setSetting('steps', read), timeStamp, 'discrete');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit(event.timeStamp);
    else if (event.key === 'Escape' && draft !== null) {
      event.preventDefault();
      setDraft(null);
      setProblem(null);
    }
  };
  return (
    <span className="steps-field">
      <input
        id={id}
        className="readout steps-input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        aria-label={`Chain steps, typed (${min} to ${max.toLocaleString('en-US')})`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[problem ? problemId : null, describedBy].filter(Boolean).join(' ') || undefined}
        value={draft ?? String(steps)}
        onChange={(e) => {
          setDraft(e.currentTarget.value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={(e) => commit(e.timeStamp)}
      />
      {problem ? (
        <span id={problemId} className="steps-problem" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The steps a typed text asks for, or why it cannot be used. Digits only (with thousands
 * separators: "20,000", "20 000", "20_000"), within [min, max].
 */
export function readSteps(text: string, min: number, max: number): number | string {
  const plain = text.trim().replace(/[,_\s\u00a0\u202f]/g, '');
  const range = `a whole number from ${min} to ${max.toLocaleString('en-US')}`;
  if (plain === '') return `Type the steps: ${range}.`;
  if (!/^\d+$/.test(plain)) return `“${text.trim().slice(0, 20)}” is not ${range}.`;
  const n = Number(plain);
  if (n < min || n > max) return `${n.toLocaleString('en-US')} is outside the range: ${range}.`;
  return n;
}
