import { formatEps } from '../ui/format.ts';
import { EPS_POSITION, epsFromPosition, positionFromEps } from '../state/settings/epsSlider.ts';
import { appRange, numberRow, sliderRange, type SettingKey } from '../state/settings/schema.ts';
import { StepsField } from './StepsField.tsx';
import { useLab } from '../state/store/index.ts';
import { RangeControl } from '../ui/RangeControl.tsx';
import { timedInput } from '../state/perf/labInput.ts';

/** A linear slider's label, range and step, from the setting's row (the range may end at the steps). */
function linearSlider(key: SettingKey, steps: number) {
  const row = numberRow(key);
  return { label: row.label, ...appRange(key, steps), step: row.sliderStep };
}

/** "Finite-difference epsilon": a log slider over 1e-16 … 1. */
export function EpsSlider() {
  const eps = useLab((s) => s.eps);
  const setSetting = useLab((s) => s.setSetting);
  return (
    <RangeControl
      timeInput={timedInput}
      label={numberRow('eps').label}
      readout={formatEps(eps)}
      hint="h, the step of the central difference (log scale)"
      position={positionFromEps(eps)}
      min={EPS_POSITION.min}
      max={EPS_POSITION.max}
      step={EPS_POSITION.step}
      valueText={`h = ${formatEps(eps)}`}
      onPosition={(p) => setSetting('eps', epsFromPosition(p))}
    />
  );
}

/**
 * "Chain steps": a slider over T = 1 … 200, where every panel repaints as it moves, and in the
 * readout's place a field that takes any T up to 100,000.
 */
export function StepsSlider() {
  const steps = useLab((s) => s.steps);
  const setSetting = useLab((s) => s.setSetting);
  const slider = sliderRange('steps', steps);
  return (
    <RangeControl
      timeInput={timedInput}
      {...linearSlider('steps', steps)}
      {...slider}
      readout={String(steps)}
      valueText={steps > slider.max ? `${steps} steps, past the slider's end; typed in the field beside it` : undefined}
      field={(hintId) => <StepsField describedBy={hintId} />}
      hint={`T, so P = ${(2 * steps).toLocaleString('en-US')} parameters${steps > slider.max ? '; type up to 100,000' : ''}`}
      position={steps}
      onPosition={(p) => setSetting('steps', Math.round(p))}
    />
  );
}

/** "Checkpoint stride": the periodic schedule keeps every k-th state. */
export function StrideSlider() {
  const stride = useLab((s) => s.stride);
  const steps = useLab((s) => s.steps);
  const setSetting = useLab((s) => s.setSetting);
  return (
    <RangeControl
      timeInput={timedInput}
      {...linearSlider('stride', steps)}
      readout={String(stride)}
      hint={stride === 1 ? 'k = 1 stores every state and re-tapes one step at a time' : `store every ${ordinal(stride)} state, re-tape each segment on the way back`}
      position={stride}
      onPosition={(p) => setSetting('stride', Math.round(p))}
    />
  );
}

/** "Snapshots": the binomial schedule's memory budget, in checkpoints (stored states) held at once. */
export function SnapshotsSlider() {
  const snapshots = useLab((s) => s.snapshots);
  const steps = useLab((s) => s.steps);
  const setSetting = useLab((s) => s.setSetting);
  return (
    <RangeControl
      timeInput={timedInput}
      {...linearSlider('snapshots', steps)}
      readout={String(snapshots)}
      hint="s checkpoints (stored states) held at once, placed by revolve"
      position={snapshots}
      onPosition={(p) => setSetting('snapshots', Math.round(p))}
    />
  );
}

type Knob = 'c' | 'x0' | 'target';

/** One of the chain's scalar constants: label, hint, range and step all from its row. */
export function KnobSlider({ knob }: { knob: Knob }) {
  const value = useLab((s) => s[knob]);
  const setSetting = useLab((s) => s.setSetting);
  return (
    <RangeControl
      timeInput={timedInput}
      {...linearSlider(knob, 0)}
      readout={knobText(value)}
      hint={numberRow(knob).help}
      position={value}
      onPosition={(p) => setSetting(knob, Number(p.toFixed(2)))}
    />
  );
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** 0.35 → "0.35", −0.5 → "−0.50"; a value from a hand-written link keeps all its digits. */
function knobText(value: number): string {
  const text = Number(value.toFixed(2)) === value ? value.toFixed(2) : String(value);
  return text.replace('-', '\u2212');
}
