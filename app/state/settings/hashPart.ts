import { SETTINGS, type AnyRow, type RowValueType } from '../../../engine/settings-table.ts';
import type { HashPart } from '../url/part.ts';
import { clampWithTable } from './clamp.ts';
import type { AppSettings } from './schema.ts';

/**
 * The shortest text that reads back as exactly the same value. A row with the exponent format
 * (the epsilon) is written 1e-5, 1.8e-7; other numbers as plain decimals (0.35, -1); a switch as 1 or 0.
 */
export function valueText(row: AnyRow, value: RowValueType): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value !== 'number') return value;
  return (row.kind === 'integer' || row.kind === 'real') && row.hash === 'exponent' ? value.toExponential().replace('e+', 'e') : String(value);
}

/** One row's `key=value`, the value percent-encoded. */
export function pairText(row: AnyRow, value: RowValueType): string {
  return `${row.key}=${encodeURIComponent(valueText(row, value))}`;
}

/** A table's settings as `key=value&…` in row order (a row marked `hashOnlyIfChanged` only when it is not its default). */
export function writeWithTable<S extends Record<string, RowValueType>>(table: { rows: readonly AnyRow[] }, settings: S): string {
  return table.rows
    .filter((row) => !(row.kind === 'choice' && row.hashOnlyIfChanged && settings[row.key] === row.default))
    .map((row) => pairText(row, settings[row.key]))
    .join('&');
}

/** A hash part for any settings table: keys, codec and clamping all from its rows. */
export function settingsPartOf<S extends Record<string, RowValueType>>(
  table: Parameters<typeof clampWithTable<S>>[0] & { keys: readonly string[] },
): HashPart<S> {
  return {
    keys: table.keys,
    raw: 'decoded',
    read: (raw) => {
      const { settings, notices } = clampWithTable<S>(table, raw as Partial<Record<keyof S, unknown>>);
      return { value: settings, notices };
    },
    write: (settings) => writeWithTable(table, settings),
  };
}

/**
 * The chain's settings in the hash, always written in full in the table's order:
 * `steps=40&eps=1e-5&stride=4&schedule=periodic&snapshots=3&c=0.35&x0=0.4&target=0.25`.
 * Missing keys take their defaults; unreadable and out-of-range values are clamped with a notice.
 */
export const settingsHashPart: HashPart<AppSettings> = settingsPartOf<AppSettings>(SETTINGS);
