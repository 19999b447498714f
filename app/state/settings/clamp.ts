import { formatEps, parseDecimal } from '../../../engine/number-text.ts';
import { quoteForNotice } from '../url/quoteForNotice.ts';
import { SETTINGS, sameSettings, type AnyRow, type NumberRow, type RowValueType, type SettingsTable } from '../../../engine/settings-table.ts';
import { appRange, type AppSettings } from './schema.ts';

export { parseDecimal, sameSettings };

/** A value read from outside (a URL hash, a slider) before it is trusted. */
export type RawSettings = Partial<Record<keyof AppSettings, unknown>>;

/** Settings that passed validation, and one plain sentence per value that had to be corrected. */
export interface Validated {
  settings: AppSettings;
  notices: string[];
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return parseDecimal(value);
  return NaN;
}


/** Clamps x into [min, max]; −0 becomes 0 so that every valid value has one spelling. */
function clamp(x: number, min: number, max: number): number {
  const y = Math.min(max, Math.max(min, x));
  return y === 0 ? 0 : y;
}

/** How a notice writes a value of this row: the epsilon in exponent form, the rest plainly. */
function formatterOf(row: NumberRow): (x: number) => string {
  return row.hash === 'exponent' ? formatEps : String;
}

/**
 * Reads one number: a missing value takes the default silently, an unreadable one takes the
 * default with a notice, a non-integer where an integer is needed is rounded, and an out-of-range
 * one is clamped, each with a notice naming the setting.
 */
function readNumber(row: NumberRow, raw: unknown, min: number, max: number, notices: string[]): number {
  const label = row.noticeLabel ?? row.label;
  const fmt = formatterOf(row);
  if (raw === undefined) return clamp(row.default, min, max);
  let x = toNumber(raw);
  if (x === Infinity || x === -Infinity) {
    // A number too large for a double ("1e400", a 400-digit string): past either end of the range.
    const used = x > 0 ? max : min;
    notices.push(`${label}: ${quoteForNotice(raw, 24)} is too ${x > 0 ? 'large' : 'small'} to be a number here; set to ${fmt(used)}.`);
    return clamp(used, min, max);
  }
  if (!Number.isFinite(x)) {
    const used = clamp(row.default, min, max);
    notices.push(`${label}: ${quoteForNotice(raw, 24)} is not a number, so the default ${fmt(used)} is used.`);
    return used;
  }
  if (row.kind === 'integer' && !Number.isInteger(x)) {
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
 * Clamps settings read from outside into the app's ranges of the settings table, with a notice
 * for each correction. Missing values take their defaults silently; a range that ends at the
 * steps (stride, snapshots) is checked against the already clamped steps.
 */
export function clampAppSettings(raw: RawSettings): Validated {
  return clampWithTable(SETTINGS, raw);
}

/**
 * The same, for any table of rows (a test passes one with a throwaway row; the levers pass
 * theirs). Rows are read in order, so a range that ends at the steps sees the steps already
 * clamped; a table without a steps row (the levers) is given the chain's `steps`.
 */
export function clampWithTable<S extends Record<string, RowValueType>>(
  table: Pick<SettingsTable<S, AnyRow>, 'max'> & { rows: readonly AnyRow[] },
  raw: Partial<Record<keyof S, unknown>>,
  steps = 0,
): { settings: S; notices: string[] } {
  const notices: string[] = [];
  const out: Record<string, RowValueType> = {};
  const given = raw as Record<string, unknown>;
  for (const row of table.rows) {
    const value = given[row.key];
    const label = row.noticeLabel ?? row.label;
    if (row.kind === 'choice') {
      const found = row.choices.find((c) => c === value);
      out[row.key] = found ?? row.default;
      if (found === undefined && value !== undefined) {
        notices.push(`${label}: ${quoteForNotice(value, 24)} is not ${row.choices.join(' or ')}, so ${row.default} is used.`);
      }
      continue;
    }
    if (row.kind === 'switch') {
      const on = SWITCH_TEXT.get(value);
      out[row.key] = on ?? row.default;
      if (on === undefined && value !== undefined) notices.push(`${label}: ${quoteForNotice(value, 24)} is not 1 or 0, so ${row.default ? 1 : 0} is used.`);
      continue;
    }
    const upTo = typeof out.steps === 'number' ? out.steps : steps;
    out[row.key] = readNumber(row, value, row.app.min, table.max(row.app, upTo), notices);
  }
  return { settings: out as S, notices };
}

/** What a switch reads as on or off: 1 and 0 (as the hash writes it), true and false. */
const SWITCH_TEXT = new Map<unknown, boolean>([
  ['1', true],
  ['true', true],
  [true, true],
  ['0', false],
  ['false', false],
  [false, false],
]);

/** True when the settings are already valid: clamping them changes nothing. */
export function isValidSettings(s: AppSettings): boolean {
  const { settings, notices } = clampAppSettings(s);
  return notices.length === 0 && sameSettings(settings, s);
}

/** A range of the app for a key, re-exported for the controls. */
export { appRange };
