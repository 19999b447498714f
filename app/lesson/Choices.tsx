import { useId } from 'react';

/** A small set of radio buttons in a fieldset: which program, which sweep. */
export function Choices({ legend, options, value, onChange }: { legend: string; options: readonly string[]; value: number; onChange: (index: number) => void }) {
  const id = useId();
  return (
    <fieldset className="choices">
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
