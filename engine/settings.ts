import { DEFAULT_C, DEFAULT_TARGET, DEFAULT_X0, MAX_STEPS, MIN_STEPS } from './chain.ts';
import type { LabSettings } from './report.ts';

/** The lab's defaults: T = 40 (P = 80), h = 1e-5, periodic stride 4, binomial with 3 snapshots. */
export const DEFAULT_SETTINGS: Readonly<LabSettings> = Object.freeze({
  steps: 40,
  eps: 1e-5,
  stride: 4,
  schedule: 'periodic',
  snapshots: 3,
  c: DEFAULT_C,
  x0: DEFAULT_X0,
  target: DEFAULT_TARGET,
});

/** Settings a lab run cannot use; the message is one sentence meant for a person. */
export class LabInputError extends Error {
  override name = 'LabInputError';
}

/**
 * Checks settings against the engine's hard limits (the app's sliders are narrower) and returns
 * one clear sentence for the first problem, or null.
 */
export function validateSettings(s: LabSettings): string | null {
  const steps = s.params ? s.params.a.length : s.steps;
  if (!Number.isInteger(steps) || steps < MIN_STEPS || steps > MAX_STEPS) {
    return `steps must be a whole number from ${MIN_STEPS} to ${MAX_STEPS}; got ${s.steps}`;
  }
  if (!Number.isFinite(s.eps) || s.eps <= 0) {
    return `the finite-difference epsilon must be a positive finite number; got ${s.eps}`;
  }
  if (s.eps > 1) return `the finite-difference epsilon must be at most 1; got ${s.eps}`;
  if (s.schedule !== 'periodic' && s.schedule !== 'revolve') {
    return `the schedule must be periodic or revolve; got ${String(s.schedule)}`;
  }
  if (!Number.isInteger(s.stride) || s.stride < 1 || s.stride > steps) {
    return `the checkpoint stride must be a whole number from 1 to the steps (${steps}); got ${s.stride}`;
  }
  if (!Number.isInteger(s.snapshots) || s.snapshots < 1) {
    return `the number of snapshots must be a whole number of at least 1; got ${s.snapshots}`;
  }
  for (const key of ['c', 'x0', 'target'] as const) {
    if (!Number.isFinite(s[key])) return `${key} must be a finite number; got ${s[key]}`;
  }
  return null;
}
