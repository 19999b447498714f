import { formatEps } from '../format.ts';
import { DEFAULTS, RANGES, SCHEDULES, maxStride, type AppSettings } from './schema.ts';

/** A value read from outside (a URL hash, a slider) before it is trusted. */
export type RawSettings = Partial<Record<keyof AppSettings, unknown>>;

/** Settings that passed validation, and one plain sentence per value that had to be corrected. */
export interface Validated {
  settings: AppSettings;
  notices: string[];
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Parses a plain decimal number ("0.35", "-1", "1e-5"); anything else (hex, "", "Infinity") is NaN. */
export function parseDecimal(text: string): number {
  return DECIMAL.test(text.trim()) ? Number(text.trim()) : NaN;
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return parseDecimal(value);
  return NaN;
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
}

/** Clamps x into [min, max]; −0 becomes 0 so that every valid value has one spelling. */
function clamp(x: number, min: number, max: number): number {
  const y = Math.min(max, Math.max(min, x));
  return y === 0 ? 0 : y;
}

type Show = (x: number) => string;
const plain: Show = (x) => String(x);

/**
 * Reads one number: a missing value takes the default silently, an unreadable one takes the
 * default with a notice, a non-integer where an integer is needed is rounded, and an out-of-range
 * one is clamped, each with a notice naming the setting.
 */
function readNumber(
  raw: unknown,
  label: string,
  fallback: number,
  min: number,
  max: number,
  notices: string[],
  options: { integer?: boolean; format?: Show } = {},
): number {
  const fmt = options.format ?? plain;
  if (raw === undefined) return clamp(fallback, min, max);
  let x = toNumber(raw);
  if (x === Infinity || x === -Infinity) {
    // A number too large for a double ("1e400", a 400-digit string): past either end of the range.
    const used = x > 0 ? max : min;
    notices.push(`${label}: “${show(raw)}” is too ${x > 0 ? 'large' : 'small'} to be a number here; set to ${fmt(used)}.`);
    return clamp(used, min, max);
  }
  if (!Number.isFinite(x)) {
    const used = clamp(fallback, min, max);
    notices.push(`${label}: “${show(raw)}” is not a number, so the default ${fmt(used)} is used.`);
    return used;
  }
  if (options.integer && !Number.isInteger(x)) {
    const rounded = Math.round(x);
    notices.push(`${label}: ${fmt(x)} is not a whole number; rounded to ${fmt(rounded)}.`);
    x = rounded;
  }
  if (x < min) {
    notices.push(`${label}: ${fmt(x)} is below the smallest allowed value ${fmt(min)}; set to ${fmt(min)}.`);
  } else if (x > max) {
    notices.push(`${label}: ${fmt(x)} is above the largest allowed value ${fmt(max)}; set to ${fmt(max)}.`);
  }
  return clamp(x, min, max);
}

/**
 * Validates and clamps settings read from outside. Missing values take their defaults; every
 * correction of a value that was given produces one notice. The stride and the snapshots are
 * checked against the (already validated) steps.
 */
export function validateSettings(raw: RawSettings): Validated {
  const notices: string[] = [];
  const steps = readNumber(raw.steps, 'Chain steps', DEFAULTS.steps, RANGES.steps.min, RANGES.steps.max, notices, {
    integer: true,
  });
  const eps = readNumber(raw.eps, 'Finite-difference epsilon', DEFAULTS.eps, RANGES.eps.min, RANGES.eps.max, notices, {
    format: formatEps,
  });
  const stride = readNumber(raw.stride, 'Checkpoint stride', DEFAULTS.stride, 1, maxStride(steps), notices, {
    integer: true,
  });
  const snapshots = readNumber(raw.snapshots, 'Snapshots', DEFAULTS.snapshots, 1, maxStride(steps), notices, {
    integer: true,
  });
  let schedule = DEFAULTS.schedule;
  if (raw.schedule !== undefined) {
    const found = SCHEDULES.find((s) => s === raw.schedule);
    if (found) schedule = found;
    else notices.push(`Schedule: “${show(raw.schedule)}” is not periodic or revolve, so ${DEFAULTS.schedule} is used.`);
  }
  const c = readNumber(raw.c, 'c', DEFAULTS.c, RANGES.c.min, RANGES.c.max, notices);
  const x0 = readNumber(raw.x0, 'x₀', DEFAULTS.x0, RANGES.x0.min, RANGES.x0.max, notices);
  const target = readNumber(raw.target, 'Target y', DEFAULTS.target, RANGES.target.min, RANGES.target.max, notices);
  return { settings: { steps, eps, stride, schedule, snapshots, c, x0, target }, notices };
}

/** True when the settings are already valid: validating them changes nothing. */
export function isValidSettings(s: AppSettings): boolean {
  const { settings, notices } = validateSettings(s);
  return notices.length === 0 && sameSettings(settings, s);
}

/** Exact equality of two settings (Object.is on every value, so 0 and −0 differ). */
export function sameSettings(a: AppSettings, b: AppSettings): boolean {
  return (
    Object.is(a.steps, b.steps) &&
    Object.is(a.eps, b.eps) &&
    Object.is(a.stride, b.stride) &&
    a.schedule === b.schedule &&
    Object.is(a.snapshots, b.snapshots) &&
    Object.is(a.c, b.c) &&
    Object.is(a.x0, b.x0) &&
    Object.is(a.target, b.target)
  );
}
