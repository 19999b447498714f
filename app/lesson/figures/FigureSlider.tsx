import type { ReactNode } from 'react';
import { useGate } from '../gate.ts';

interface FigureSliderProps {
  /** What the slider sets, with its value: "Chain steps T = 3". It names the slider. */
  label: ReactNode;
  min: number;
  max: number;
  value: number;
  /** The value as words for a screen reader, when the number alone does not say it. */
  valueText?: string;
  onChange: (value: number) => void;
  /** Beside the figure's other controls (the default), or on a line of its own under the figure. */
  inline?: boolean;
}

/**
 * A figure's slider: a labelled range input showing its value in its label. Until the chapter's
 * question is settled it waits, disabled, pointing at the figure's "Answer first" word.
 */
export function FigureSlider({ label, min, max, value, valueText, onChange, inline = true }: FigureSliderProps) {
  const gate = useGate();
  return (
    <label className={`${inline ? 'figure-slider inline' : 'figure-slider'}${gate.open ? '' : ' waiting'}`}>
      <span>{label}</span>
      <input
        type="range"
        min={min}
        max={max}
        value={value}
        disabled={!gate.open}
        aria-describedby={gate.open ? undefined : gate.noteId}
        aria-valuetext={valueText}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      />
    </label>
  );
}
