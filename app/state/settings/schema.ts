import { CHAIN_DEFAULTS, SETTINGS, type ChainSettingKey, type ChainSettings, type NumberRow, type SETTING_ROWS } from '../../../engine/settings-table.ts';
import type { ScheduleKind } from '../../../engine/report.ts';

/**
 * The settings the app exposes: one control and one hash key each. Every one is a row of the
 * settings table (engine/settings-table.ts, which imports nothing, so the main thread loads no
 * engine code); this module only names what the app reads from it.
 */
export type AppSettings = ChainSettings;

export type SettingKey = ChainSettingKey;

/** The keys in the order the hash writes them. */
export const SETTING_KEYS: readonly SettingKey[] = SETTINGS.keys;

export const SCHEDULES: readonly ScheduleKind[] = SETTINGS.rows.flatMap((r) => (r.key === 'schedule' && r.kind === 'choice' ? (r.choices as readonly ScheduleKind[]) : []));

/** The lab's defaults: T = 40, h = 1e-5, stride 4, periodic, 3 snapshots, c 0.35, x₀ 0.4, y 0.25. */
export const DEFAULTS: Readonly<AppSettings> = CHAIN_DEFAULTS;

/** A number setting's row. */
export function numberRow(key: SettingKey): NumberRow {
  const row = SETTINGS.row(key);
  if (row.kind === 'choice') throw new Error(`${key} is a choice, not a number`);
  return row;
}

/** The app's range of a number setting, for chains of `steps` steps (the stride's ends at the steps). */
export function appRange(key: SettingKey, steps: number): { min: number; max: number } {
  const { app } = numberRow(key);
  return { min: app.min, max: SETTINGS.max(app, steps) };
}

/**
 * The slider's range of a number setting: the row's `slider` range where it has one (the steps'
 * slider stops at 200; the number field beside it goes on), else the app's.
 */
export function sliderRange(key: SettingKey, steps: number): { min: number; max: number } {
  const row = numberRow(key);
  if (!row.slider) return appRange(key, steps);
  return { min: row.slider.min, max: SETTINGS.max(row.slider, steps) };
}

/** The number settings whose app range is fixed (not "up to the steps"). */
type FixedKey = Extract<(typeof SETTING_ROWS)[number], { app: { max: number } }>['key'];

/** The app's fixed ranges, by key. */
export const RANGES = Object.fromEntries(
  SETTINGS.rows.flatMap((r) => (r.kind !== 'choice' && typeof r.app.max === 'number' ? [[r.key, appRange(r.key, 0)]] : [])),
) as Record<FixedKey, { min: number; max: number }>;

/** Largest stride (and snapshot count) allowed for a chain of `steps` steps. */
export function maxStride(steps: number): number {
  return appRange('stride', steps).max;
}
