/**
 * The levers of "What frameworks hide", one row each, like the chain's settings
 * (engine/settings-table.ts): key, label, default, range, hash format, command-line flag. The
 * app's types, defaults, clamping, equality and hash part, the request its worker gets and the
 * command line's options and help all read these rows. Adding a lever is one row here plus its
 * use (the engine reading it, a control placing it).
 *
 * This module imports only the settings table, so the main thread loads it with the URL's code.
 */
import { buildSettingsTable, type AnyRow, type SettingsOf } from '../settings-table.ts';

/** A lever's row; `request: true` marks a number the figures are computed from (sent to the worker). */
export type LeverRow = AnyRow & { request?: boolean };

/**
 * The rows, in the order the hash writes them. Ranges that end at the steps are clamped against
 * the chain's (already clamped) steps; a lever at its default, as used on that chain, is not
 * written into the hash, so the lab's other links stay as they were.
 */
export const LEVER_ROWS = [
  {
    key: 'window', label: 'Truncation window', flag: 'window', metavar: 'K', help: 'truncation window: the sweep stops at x_{T−K}',
    kind: 'integer', default: 10, scale: 'linear', sliderStep: 1, hash: 'plain', request: true,
    app: { min: 0, max: 'steps' }, engine: { min: 0, max: 'steps' }, cli: 'engine',
  },
  { key: 'fused', label: 'Fused', help: 'each step one fused node (on) or twelve primitives', kind: 'switch', default: false, flag: null },
  { key: 'saved', label: 'Saved', help: 'each step’s intermediates saved (on) or recomputed in the sweep', kind: 'switch', default: true, flag: null },
  {
    key: 'outputs', label: 'Output states', flag: 'outputs', metavar: 'M', help: 'the Jacobian of the last M states',
    kind: 'integer', default: 5, scale: 'linear', sliderStep: 1, hash: 'plain', request: true,
    app: { min: 1, max: 'steps' }, engine: { min: 1, max: 'steps' }, cli: 'engine',
  },
  {
    // The default stands for "all of them" at any length: it is clamped to P + 2 where used.
    key: 'inputs', label: 'Inputs N', flag: 'inputs', metavar: 'N', help: 'the Jacobian over the first N of (x0, c, a0, b0, …)',
    kind: 'integer', default: Number.MAX_SAFE_INTEGER, scale: 'linear', sliderStep: 1, hash: 'plain', request: true,
    app: { min: 1, max: 'inputs' }, engine: { min: 1, max: 'inputs' }, cli: 'engine',
  },
] as const satisfies readonly LeverRow[];

/** The levers: K, fused, saved, M, N. */
export type Levers = SettingsOf<typeof LEVER_ROWS>;
export type LeverKey = keyof Levers;

/** The levers' table: keys in hash order, defaults, equality, lookups. */
export const LEVERS = buildSettingsTable(LEVER_ROWS);

/** K = 10, not fused, saved, M = 5, N all (P + 2). */
export const LEVER_DEFAULTS: Readonly<Levers> = LEVERS.defaults;

/** The levers the figures are computed from (the others pick between sides the figures all hold). */
export type RequestLeverKey = Extract<(typeof LEVER_ROWS)[number], { request: true }>['key'];
export type RequestLevers = Pick<Levers, RequestLeverKey>;

export const REQUEST_LEVER_KEYS = LEVER_ROWS.flatMap((r) => ('request' in r && r.request ? [r.key] : [])) as readonly RequestLeverKey[];

/** The levers as used with a chain of `steps` steps: each number clamped into its range there (K ≤ T, 1 ≤ M ≤ T, 1 ≤ N ≤ P + 2). */
export function effectiveLevers(levers: Levers, steps: number): Levers {
  const out: Record<string, unknown> = { ...levers };
  for (const row of LEVERS.rows) {
    if (row.kind !== 'integer' && row.kind !== 'real') continue;
    out[row.key] = Math.min(Math.max(row.app.min, levers[row.key] as number), LEVERS.max(row.app, steps));
  }
  return out as Levers;
}

/** The levers the figures need, as used with a chain of `steps` steps. */
export function requestLevers(levers: Levers, steps: number): RequestLevers {
  const used = effectiveLevers(levers, steps);
  return Object.fromEntries(REQUEST_LEVER_KEYS.map((k) => [k, used[k]])) as RequestLevers;
}

/** Exact equality of two sets of levers. */
export function sameLevers(a: Levers, b: Levers): boolean {
  return LEVERS.same(a, b);
}
