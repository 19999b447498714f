import type { LabSettings, ScheduleKind } from '../../engine/report.ts';

/** The settings the app exposes: one slider or choice each, and one key each in the URL hash. */
export type AppSettings = Pick<
  LabSettings,
  'steps' | 'eps' | 'stride' | 'schedule' | 'snapshots' | 'c' | 'x0' | 'target'
>;

export type SettingKey = keyof AppSettings;

/** The keys in the order the hash writes them. */
export const SETTING_KEYS: readonly SettingKey[] = [
  'steps',
  'eps',
  'stride',
  'schedule',
  'snapshots',
  'c',
  'x0',
  'target',
];

export const SCHEDULES: readonly ScheduleKind[] = ['periodic', 'revolve'];

/**
 * The lab's defaults: T = 40, h = 1e-5, stride 4, periodic, 3 snapshots, c 0.35, x₀ 0.4, y 0.25.
 * Written out rather than imported from engine/settings.ts, whose imports would pull engine code
 * into the main thread's bundle; test/app/schema.test.ts checks they equal the engine's.
 */
export const DEFAULTS: Readonly<AppSettings> = Object.freeze({
  steps: 40,
  eps: 1e-5,
  stride: 4,
  schedule: 'periodic',
  snapshots: 3,
  c: 0.35,
  x0: 0.4,
  target: 0.25,
});

/**
 * The ranges the app's controls offer (the engine accepts far more from the command line).
 *
 * - steps 2 … 200: long enough for forward mode's 2T + 1 and central differences' 4T + 1 to
 *   pull away from reverse mode's 2, short enough that every panel repaints while a slider moves.
 * - eps 1e-16 … 1, on a log slider: from below machine epsilon (pure rounding noise) to a step
 *   as large as the parameters themselves (pure truncation error).
 * - stride 1 … steps: 1 is the full tape, steps keeps only x₀.
 * - snapshots 1 … steps: the binomial schedule's memory budget.
 * - c −1 … 1.5, x₀ −2 … 2, target −2 … 2: every figure stays finite over the whole steps
 *   slider (checked over a grid of these ranges). A negative c makes the chain contract hard, so
 *   at 200 steps the early gradients fall by up to ~180 decades: vanishing gradients, on purpose
 *   visible in the Reverse mode panel rather than hidden by a narrower slider.
 */
export const RANGES = {
  steps: { min: 2, max: 200 },
  eps: { min: 1e-16, max: 1 },
  c: { min: -1, max: 1.5 },
  x0: { min: -2, max: 2 },
  target: { min: -2, max: 2 },
} as const;

/** Slider granularity of the plain-number knobs (their values stay short in the URL). */
export const KNOB_STEP = 0.01;

/** Decades per notch of the epsilon slider. */
export const EPS_SLIDER_STEP = 0.1;

/** Largest stride (and snapshot count) allowed for a chain of `steps` steps. */
export function maxStride(steps: number): number {
  return steps;
}
