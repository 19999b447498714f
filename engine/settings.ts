import { CHAIN_DEFAULTS, SETTINGS, type NumberRow, type SettingRange } from './settings-table.ts';
import type { LabSettings } from './report.ts';

/** The lab's defaults, from the settings table: T = 40 (P = 80), h = 1e-5, periodic stride 4, revolve with 3 snapshots. */
export const DEFAULT_SETTINGS: Readonly<LabSettings> = CHAIN_DEFAULTS;

/** Settings a lab run cannot use; the message is one sentence meant for a person. */
export class LabInputError extends Error {
  override name = 'LabInputError';
}

/** How the engine's messages name each setting (the table's labels are the controls'). */
const NAMES: Partial<Record<string, string>> = {
  steps: 'steps',
  eps: 'the finite-difference epsilon',
  stride: 'the checkpoint stride',
  snapshots: 'the number of snapshots',
};

function rangeText(range: SettingRange, steps: number): string {
  if (range.max === 'steps') return `from ${range.min} to the steps (${steps})`;
  if (range.max === 'inputs') return `from ${range.min} to P + 2 (${2 * steps + 2})`;
  if (range.max >= Number.MAX_SAFE_INTEGER) return `of at least ${range.min}`;
  return `from ${range.min} to ${range.max}`;
}

/** One setting against its hard range; a sentence for the problem, or null. */
function outsideEngineRange(row: NumberRow, value: unknown, steps: number): string | null {
  const name = NAMES[row.key] ?? row.key;
  const { min, minExclusive } = row.engine;
  const max = SETTINGS.max(row.engine, steps);
  const x = value as number;
  if (row.kind === 'integer') {
    return Number.isInteger(x) && x >= min && x <= max ? null : `${name} must be a whole number ${rangeText(row.engine, steps)}; got ${String(value)}`;
  }
  if (typeof x !== 'number' || !Number.isFinite(x)) {
    return `${name} must be a ${minExclusive && min === 0 ? 'positive ' : ''}finite number; got ${String(value)}`;
  }
  if (minExclusive ? x <= min : x < min) return `${name} must be ${minExclusive && min === 0 ? 'a positive finite number' : `at least ${min}`}; got ${x}`;
  if (x > max) return `${name} must be at most ${max}; got ${x}`;
  return null;
}

/**
 * Checks settings against the engine's hard limits in the settings table (the app's ranges are
 * narrower) and returns one clear sentence for the first problem, or null. With `params` the
 * steps are `params.a.length`.
 */
export function checkEngineLimits(s: LabSettings): string | null {
  const steps = s.params ? s.params.a.length : s.steps;
  for (const row of SETTINGS.rows) {
    const value = row.key === 'steps' ? steps : s[row.key];
    if (row.kind === 'choice') {
      if (!(row.choices as readonly unknown[]).includes(value)) return `the ${row.key} must be ${row.choices.join(' or ')}; got ${String(value)}`;
      continue;
    }
    const problem = outsideEngineRange(row, value, steps);
    if (problem) return row.key === 'steps' && s.params ? problem.replace(/got .*$/, `got ${s.steps}`) : problem;
  }
  return null;
}
