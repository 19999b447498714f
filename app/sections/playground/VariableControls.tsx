import { useId, useState, type KeyboardEvent } from 'react';
import { parseDecimal } from '../../../engine/number-text.ts';
import { useLab } from '../../state/store/index.ts';
import { sliderRange, valueText } from './resultView.ts';

/** A labelled number field and a slider for each variable of the expression. */
export function VariableControls() {
  const variables = useLab((s) => s.exprVariables);
  if (variables.length === 0) return null;
  return (
    <fieldset className="var-controls">
      <legend>Values</legend>
      {variables.map((name) => (
        <VariableControl key={name} name={name} />
      ))}
    </fieldset>
  );
}

/** Rounds a slider's value to 12 significant digits, so 0.1 + 0.2 steps read 0.3. */
const tidy = (x: number) => Number(x.toPrecision(12));

function VariableControl({ name }: { name: string }) {
  const id = useId();
  const value = useLab((s) => (Object.hasOwn(s.exprValues, name) ? s.exprValues[name] : NaN));
  const setValue = useLab((s) => s.setExprValue);
  // The field keeps what is typed ("-", "0.") until it reads as a number.
  const [draft, setDraft] = useState(valueText(value));
  // A value set from elsewhere (the slider, a preset, a link) replaces the draft unless the draft
  // already reads as it.
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    if (!Object.is(parseDecimal(draft), value)) setDraft(valueText(value));
  }
  const range = sliderRange(Number.isFinite(value) ? value : 0);
  const readable = Number.isFinite(parseDecimal(draft));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const step = range.step * (event.shiftKey ? 10 : 1);
    setValue(name, tidy((Number.isFinite(value) ? value : 0) + (event.key === 'ArrowUp' ? step : -step)));
  };
  return (
    <div className="var-control">
      <label htmlFor={`${id}-n`} className="var-name">
        {name}
      </label>
      <input
        type="range"
        aria-label={`${name} (slider)`}
        min={range.min}
        max={range.max}
        step={range.step}
        value={Number.isFinite(value) ? value : 0}
        onChange={(e) => setValue(name, tidy(Number(e.currentTarget.value)))}
      />
      <input
        id={`${id}-n`}
        type="text"
        inputMode="decimal"
        className="var-number"
        value={draft}
        aria-invalid={readable ? undefined : true}
        onKeyDown={onKeyDown}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setDraft(text);
          const x = parseDecimal(text);
          if (Number.isFinite(x)) setValue(name, x);
        }}
        onBlur={() => setDraft(valueText(value))}
      />
    </div>
  );
}
