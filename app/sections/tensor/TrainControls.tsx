import { useId } from 'react';
import { useLab } from '../../state/store/index.ts';
import type { Speed } from '../../../workers/tensor/protocol.ts';
import { HIDDEN_CHOICES } from '../../../engine/limits.ts';
import { LEARNING_RATES, SPEEDS, STEPS_RANGE, type TrainSettings } from './tensorSlice.ts';

export interface TrainActions {
  onTrain: () => void;
  onPause: () => void;
  onResume: () => void;
  onStep: () => void;
  onReset: () => void;
  onSpeed: (speed: Speed) => void;
  /** A change of what is trained: a run on screen starts over with it. */
  onSetting: <K extends Exclude<keyof TrainSettings, 'speed'>>(key: K, value: TrainSettings[K]) => void;
}

const speedText = (s: Speed) => (Number.isFinite(s) ? `${s} ${s === 1 ? 'step' : 'steps'} a second` : 'Fast: as fast as it goes');
const speedValue = (s: Speed) => (Number.isFinite(s) ? String(s) : 'fast');

/** What to train (data set, width, steps, step size), how fast, and the buttons that start, pause, step and clear a run. */
export function TrainControls({ onTrain, onPause, onResume, onStep, onReset, onSpeed, onSetting: set }: TrainActions) {
  const id = useId();
  const t = useLab((s) => s.trainSettings);
  const status = useLab((s) => s.trainStatus);
  return (
    <div className="train-controls">
      <fieldset className="train-dataset">
        <legend>Data set</legend>
        {(['moons', 'spirals'] as const).map((name) => (
          <label key={name}>
            <input type="radio" name={`${id}-data`} value={name} checked={t.dataset === name} onChange={() => set('dataset', name)} />
            {name === 'moons' ? 'Two moons' : 'Two spirals'}
          </label>
        ))}
      </fieldset>
      <label className="train-select">
        <span>Hidden units</span>
        <select value={t.hidden} onChange={(e) => set('hidden', Number(e.currentTarget.value))}>
          {HIDDEN_CHOICES.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </select>
      </label>
      <div className="train-steps">
        <div className="control-head">
          <label htmlFor={`${id}-steps`}>Training steps</label>
          <output htmlFor={`${id}-steps`} className="readout">
            {t.steps}
          </output>
        </div>
        <input
          id={`${id}-steps`}
          type="range"
          min={STEPS_RANGE.min}
          max={STEPS_RANGE.max}
          step={STEPS_RANGE.step}
          value={t.steps}
          onChange={(e) => set('steps', Number(e.currentTarget.value))}
        />
      </div>
      <label className="train-select">
        <span>Learning rate</span>
        <select value={t.learningRate} onChange={(e) => set('learningRate', Number(e.currentTarget.value))}>
          {LEARNING_RATES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <label className="train-select">
        <span>Speed</span>
        <select value={speedValue(t.speed)} onChange={(e) => onSpeed(e.currentTarget.value === 'fast' ? Infinity : Number(e.currentTarget.value))}>
          {SPEEDS.map((s) => (
            <option key={speedValue(s)} value={speedValue(s)}>
              {speedText(s)}
            </option>
          ))}
        </select>
      </label>
      <div className="train-buttons">
        {status === 'running' ? (
          <button type="button" className="primary" onClick={onPause}>
            Pause
          </button>
        ) : status === 'paused' ? (
          <button type="button" className="primary" onClick={onResume}>
            Resume
          </button>
        ) : (
          <button type="button" className="primary" onClick={onTrain}>
            Train
          </button>
        )}
        <button type="button" onClick={onStep} disabled={status !== 'idle' && status !== 'paused'} title="Take one step of gradient descent">
          Step
        </button>
        <button type="button" onClick={onReset} disabled={status === 'idle'}>
          Reset
        </button>
      </div>
    </div>
  );
}
