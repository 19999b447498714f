import { useId, type ChangeEvent, type ReactNode } from 'react';

interface RangeControlProps {
  /** The visible label, also the input's accessible name. */
  label: string;
  /** The value as shown next to the label ("1e-5", "40"). */
  readout: string;
  /** A short note under the slider ("P = 80 parameters"). */
  hint?: string;
  position: number;
  min: number;
  max: number;
  step: number;
  /** Called on every input event, so panels repaint while the thumb moves. */
  onPosition: (position: number) => void;
  /**
   * Runs each change, given the input event's time stamp: the lab passes its `timedInput`
   * (app/state/perf/labInput.ts), which marks a drag and times the input to its paint.
   */
  timeInput: (apply: () => void, timeStamp: number) => void;
  /** An editable field in the readout's place (the steps, typed); given the hint's id. */
  field?: (hintId: string | undefined) => ReactNode;
  /** Spoken value for assistive technology when the position is not the value (log sliders). */
  valueText?: string;
  disabled?: boolean;
}

/** A labelled range input with a live readout; the label and the readout never change width. */
export function RangeControl(props: RangeControlProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const position = Number(event.currentTarget.value);
    props.timeInput(() => props.onPosition(position), event.timeStamp);
  };
  return (
    <div className="control">
      <div className="control-head">
        <label htmlFor={id}>{props.label}</label>
        {props.field ? (
          props.field(props.hint ? hintId : undefined)
        ) : (
          <output htmlFor={id} className="readout">
            {props.readout}
          </output>
        )}
      </div>
      <input
        id={id}
        type="range"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.position}
        onChange={onChange}
        aria-valuetext={props.valueText ?? props.readout}
        aria-describedby={props.hint ? hintId : undefined}
        disabled={props.disabled}
      />
      {props.hint ? (
        <div id={hintId} className="control-hint">
          {props.hint}
        </div>
      ) : null}
    </div>
  );
}
