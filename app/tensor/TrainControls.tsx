import { useId } from 'react';
import { useLab } from '../store/index.ts';
import { HIDDEN_CHOICES, LEARNING_RATES, STEPS_RANGE } from './tensorSlice.ts';

/** What to train (data set, width, steps, step size) and the buttons that start, stop and clear a run. */
export function TrainControls({ onTrain, onStop, onReset }: { onTrain: () => void; onStop: () => void; onReset: () => void }) {
  const id = useId();
  const t = useLab((s) => s.trainSettings);
  const status = useLab((s) => s.trainStatus);
  const set = useLab((s) => s.setTrainSetting);
  const running = status === 'running';
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
      <div className="train-buttons">
        {running ? (
          <button type="button" className="primary" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button type="button" className="primary" onClick={onTrain}>
            Train
          </button>
        )}
        <button type="button" onClick={onReset} disabled={status === 'idle'}>
          Reset
        </button>
      </div>
    </div>
  );
}
