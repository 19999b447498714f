import { useId } from 'react';
import { useGate } from './gate.ts';

interface ChoicesProps {
  legend: string;
  options: readonly string[];
  value: number;
  onChange: (index: number) => void;
  /** The choice would answer the chapter's question: it waits, as Show me does, until the question is settled. */
  gated?: boolean;
}

/** A small set of radio buttons in a fieldset: which program, which sweep. */
export function Choices({ legend, options, value, onChange, gated = false }: ChoicesProps) {
  const id = useId();
  const gate = useGate();
  const waiting = gated && !gate.open;
  return (
    <fieldset className={waiting ? 'choices waiting' : 'choices'} disabled={waiting} aria-describedby={waiting ? gate.noteId : undefined}>
      <legend>{legend}</legend>
      {options.map((label, i) => (
        <label key={label} className={i === value ? 'on' : undefined}>
          <input type="radio" name={id} checked={i === value} onChange={() => onChange(i)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
