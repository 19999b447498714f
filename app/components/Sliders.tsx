import { formatEps } from '../format.ts';
import { EPS_POSITION, epsFromPosition, positionFromEps } from '../settings/epsSlider.ts';
import { KNOB_STEP, RANGES, maxStride } from '../settings/schema.ts';
import { useLab } from '../store/index.ts';
import { RangeControl } from './RangeControl.tsx';

/** "Finite-difference epsilon": a log slider over 1e-16 … 1. */
export function EpsSlider() {
  const eps = useLab((s) => s.eps);
  const setSetting = useLab((s) => s.setSetting);
  return (
    <RangeControl
      label="Finite-difference epsilon"
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

/** "Chain steps": T from 2 to 200. */
export function StepsSlider() {
  const steps = useLab((s) => s.steps);
  const setSetting = useLab((s) => s.setSetting);
  return (
    <RangeControl
      label="Chain steps"
      readout={String(steps)}
      hint={`T, so P = ${2 * steps} parameters`}
      position={steps}
      min={RANGES.steps.min}
      max={RANGES.steps.max}
      step={1}
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
      label="Checkpoint stride"
      readout={String(stride)}
      hint={stride === 1 ? 'k = 1 keeps every state: the full tape' : `keep every ${ordinal(stride)} state, replay the rest`}
      position={stride}
      min={1}
      max={maxStride(steps)}
      step={1}
      onPosition={(p) => setSetting('stride', Math.round(p))}
    />
  );
}

/** "Snapshots": the binomial schedule's memory budget. */
export function SnapshotsSlider() {
  const snapshots = useLab((s) => s.snapshots);
  const steps = useLab((s) => s.steps);
  const setSetting = useLab((s) => s.setSetting);
  return (
    <RangeControl
      label="Snapshots"
      readout={String(snapshots)}
      hint="s states held at once, placed binomially (revolve)"
      position={snapshots}
      min={1}
      max={maxStride(steps)}
      step={1}
      onPosition={(p) => setSetting('snapshots', Math.round(p))}
    />
  );
}

type Knob = 'c' | 'x0' | 'target';

const KNOB_LABELS: Record<Knob, { label: string; hint: string }> = {
  c: { label: 'c', hint: 'weight of the rational term c·x/(1+x²)' },
  x0: { label: 'x₀', hint: 'the initial state' },
  target: { label: 'target y', hint: 'the loss is ½(final x − y)²' },
};

/** One of the chain's scalar constants. */
export function KnobSlider({ knob }: { knob: Knob }) {
  const value = useLab((s) => s[knob]);
  const setSetting = useLab((s) => s.setSetting);
  const { label, hint } = KNOB_LABELS[knob];
  return (
    <RangeControl
      label={label}
      readout={knobText(value)}
      hint={hint}
      position={value}
      min={RANGES[knob].min}
      max={RANGES[knob].max}
      step={KNOB_STEP}
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
