import { useId } from 'react';
import { RangeControl } from '../../ui/RangeControl.tsx';
import { timedInput } from '../../state/perf/labInput.ts';
import { useLab } from '../../state/store/index.ts';
import { sub } from '../../ui/subscript.ts';
import { effectiveLevers } from './levers.ts';

/** K, the truncation window: 0 … the chain's steps. */
export function WindowSlider() {
  const steps = useLab((s) => s.steps);
  const window = useLab((s) => effectiveLevers(s.levers, s.steps).window);
  return (
    <RangeControl
      timeInput={timedInput}
      label="Truncation window K"
      readout={`K = ${window}`}
      hint={`The sweep stops at x${sub(steps - window)}: steps ${steps - window} to ${steps - 1} are differentiated.`}
      position={window}
      min={0}
      max={steps}
      step={1}
      onPosition={(k) => useLab.getState().setLever('window', k)}
    />
  );
}

/** M, the number of output states: 1 … the chain's steps. */
export function OutputsSlider() {
  const steps = useLab((s) => s.steps);
  const outputs = useLab((s) => effectiveLevers(s.levers, s.steps).outputs);
  const inputs = useLab((s) => effectiveLevers(s.levers, s.steps).inputs);
  return (
    <RangeControl
      timeInput={timedInput}
      label="Output states M"
      readout={`M = ${outputs}`}
      hint={`The output is x${sub(steps - outputs + 1)} … x${sub(steps)}: a ${outputs} × ${inputs} Jacobian (M × N).`}
      position={outputs}
      min={1}
      max={steps}
      step={1}
      onPosition={(m) => useLab.getState().setLever('outputs', m)}
    />
  );
}

/** N, the Jacobian's inputs: the first N of (x₀, c, a₀, b₀, …), 1 … P + 2. */
export function InputsSlider() {
  const steps = useLab((s) => s.steps);
  const inputs = useLab((s) => effectiveLevers(s.levers, s.steps).inputs);
  const last = inputs === 1 ? 'x₀' : inputs === 2 ? 'c' : `${inputs % 2 === 0 ? 'b' : 'a'}${sub((inputs - 3) >> 1)}`;
  return (
    <RangeControl
      timeInput={timedInput}
      label="Inputs N"
      readout={`N = ${inputs}`}
      hint={`Over x₀${inputs > 1 ? ` … ${last}` : ''}: forward mode carries ${inputs} tangent${inputs === 1 ? '' : 's'}, N + 1 = ${inputs + 1} passes.`}
      position={inputs}
      min={1}
      max={2 * steps + 2}
      step={1}
      onPosition={(n) => useLab.getState().setLever('inputs', n)}
    />
  );
}

interface ChoiceProps {
  legend: string;
  options: [string, string];
  /** Which option is on: 0 or 1. */
  value: 0 | 1;
  onChoose: (value: 0 | 1) => void;
}

/** Two radio buttons in a labelled group. */
function Choice({ legend, options, value, onChoose }: ChoiceProps) {
  const name = useId();
  return (
    <fieldset className="schedule lever-choice">
      <legend>{legend}</legend>
      <div className="segmented">
        {options.map((label, k) => (
          <label key={label} className={k === value ? 'on' : undefined}>
            <input type="radio" name={name} value={k} checked={k === value} onChange={() => onChoose(k as 0 | 1)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Fused or not. */
export function FusedChoice() {
  const fused = useLab((s) => s.levers.fused);
  return (
    <Choice
      legend="Each step on the tape as"
      options={['twelve primitives', 'one fused node']}
      value={fused ? 1 : 0}
      onChoose={(k) => useLab.getState().setLever('fused', k === 1)}
    />
  );
}

/** Saved or recomputed. */
export function SavedChoice() {
  const saved = useLab((s) => s.levers.saved);
  return (
    <Choice
      legend="Each step’s inner values for the sweep are"
      options={['saved', 'recomputed from xₜ']}
      value={saved ? 0 : 1}
      onChoose={(k) => useLab.getState().setLever('saved', k === 0)}
    />
  );
}
