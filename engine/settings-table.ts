/**
 * The chain's settings, one row each: the only place a setting is written out. The engine's
 * defaults and hard limits, the app's types, defaults, clamping, equality, hash codec and
 * sliders, and the command line's options and help all read these rows. Adding a chain setting
 * is one row here plus its use (the chain reading it, a control placing it).
 *
 * This module imports nothing, so the main thread, the worker and the CLI all load the same rows.
 */

/**
 * A closed range [min, max]; `max: 'steps'` means "up to the chain's steps", and `max: 'inputs'`
 * "up to the chain's inputs": x₀, c and its P = 2T parameters, so 2T + 2.
 */
export interface SettingRange {
  min: number;
  max: number | 'steps' | 'inputs';
  /** True when `min` itself is not allowed (epsilon must be above 0). */
  minExclusive?: boolean;
}

interface RowBase<K extends string> {
  key: K;
  /** The control's label ("Finite-difference epsilon"), also the name a notice gives the setting. */
  label: string;
  /** The name at the start of a notice's sentence, where it differs from the label ("Target y"). */
  noticeLabel?: string;
  /** The command line's option name (without `--`) and the placeholder its help shows. */
  flag: string;
  metavar: string;
  /** One line for `tape-lab run --help` (and the hint under a control whose hint never changes). */
  help: string;
}

/** A number setting: integer or real, on a linear or log slider. */
export interface NumberRow<K extends string = string> extends RowBase<K> {
  kind: 'integer' | 'real';
  default: number;
  /** What the app's controls and links allow; a link's value outside it is clamped with a notice. */
  app: SettingRange;
  /**
   * The slider's range, where it is narrower than the app's: the rest of the app's range is
   * reached by the number field beside it (the chain steps).
   */
  slider?: SettingRange;
  /** What the engine accepts (runLab throws LabInputError outside it). */
  engine: SettingRange;
  /** What the command line accepts: the engine's hard range, or the app's where the engine's is unbounded. */
  cli: 'engine' | 'app';
  scale: 'linear' | 'log';
  /** Slider granularity: a value step on a linear slider, decades per notch on a log one. */
  sliderStep: number;
  /** How the hash writes it: `exponent` is 1e-5, 1.8e-7; `plain` is 0.35, -1. */
  hash: 'plain' | 'exponent';
}

/** A choice among named values. */
export interface ChoiceRow<K extends string = string, C extends string = string> extends RowBase<K> {
  kind: 'choice';
  default: C;
  choices: readonly C[];
  /** Written to the hash only when it is not the default (a later row, so older links stay as they were). */
  hashOnlyIfChanged?: boolean;
}

export type SettingRow<K extends string = string> = NumberRow<K> | ChoiceRow<K>;

/**
 * On or off (a lever of "What frameworks hide": fused or not). The hash writes 1 or 0 and reads
 * true and false too; it has no command-line option (the command line prints both sides).
 */
export interface SwitchRow<K extends string = string> {
  key: K;
  label: string;
  noticeLabel?: string;
  help: string;
  kind: 'switch';
  default: boolean;
  flag: null;
}

/** A row of any table: a setting, or a switch (which only the levers' table has). */
export type AnyRow<K extends string = string> = SettingRow<K> | SwitchRow<K>;

/** What a row's value may be. */
export type RowValueType = number | string | boolean;

/** The value type of a row: a number, the union of its choices, or a boolean for a switch. */
export type RowValue<R> = R extends ChoiceRow<string, infer C> ? C : R extends SwitchRow ? boolean : number;

/** The settings object a list of rows describes. */
export type SettingsOf<Rows extends readonly AnyRow[]> = { [R in Rows[number] as R['key']]: RowValue<R> };

const ALWAYS_FINITE: SettingRange = { min: -Number.MAX_VALUE, max: Number.MAX_VALUE };

/** The shortest and longest chain the engine runs (engine/chain.ts re-exports them). */
export const MIN_STEPS = 1;
export const MAX_STEPS = 100_000;

/**
 * The rows, in the order the hash writes them. The app's ranges:
 * - steps 1 … 100,000, the engine's whole range. The slider covers 1 … 200: long enough for
 *   forward mode's 2T + 1 and central differences' 4T + 1 to pull away from reverse mode's 2,
 *   short enough that every panel repaints while it moves. The number field beside it reaches
 *   the rest, where the methods whose cost grows as T² are estimated instead of run.
 * - eps 1e-16 … 1, on a log slider: from below machine epsilon (pure rounding noise) to a step
 *   as large as the parameters themselves (pure truncation error).
 * - stride 1 … steps: 1 stores every state and re-tapes one step at a time, steps is the full
 *   tape (one segment). Snapshots 1 … steps (1 keeps only x₀).
 * - state: a checkpoint's size in the memory model, a float (8 bytes) or "wide", as large as a
 *   step's tape (640), as a network's activations are; it moves the byte-optimal stride from 1
 *   to ≈ √T and changes no arithmetic.
 * - c −1 … 1.5, x₀ −2 … 2, target −2 … 2: every figure stays finite over the whole steps
 *   slider (longer chains may overflow or vanish, and the report's warnings say so) (checked over a grid of these ranges). A negative c makes the chain contract hard, so
 *   at 200 steps the early gradients fall by up to ~180 decades: vanishing gradients, on purpose
 *   visible in the Reverse mode panel rather than hidden by a narrower slider.
 * The command line accepts the engine's hard range for the steps, epsilon, stride and snapshots
 * (1 … 100,000 steps, 0 < h ≤ 1), and the app's range for c, x₀ and y, where the engine's would
 * be any finite number: outside it nothing checks that the figures stay finite.
 */
export const SETTING_ROWS = [
  {
    key: 'steps', label: 'Chain steps', flag: 'steps', metavar: 'N', help: 'chain steps T (P = 2T parameters)',
    kind: 'integer', default: 40, scale: 'linear', sliderStep: 1, hash: 'plain',
    app: { min: MIN_STEPS, max: MAX_STEPS }, slider: { min: MIN_STEPS, max: 200 }, engine: { min: MIN_STEPS, max: MAX_STEPS }, cli: 'engine',
  },
  {
    key: 'eps', label: 'Finite-difference epsilon', flag: 'eps', metavar: 'H', help: 'the central-difference step h',
    kind: 'real', default: 1e-5, scale: 'log', sliderStep: 0.1, hash: 'exponent',
    app: { min: 1e-16, max: 1 }, engine: { min: 0, max: 1, minExclusive: true }, cli: 'engine',
  },
  {
    key: 'stride', label: 'Checkpoint stride', flag: 'stride', metavar: 'K', help: 'periodic schedule: store every K-th state',
    kind: 'integer', default: 4, scale: 'linear', sliderStep: 1, hash: 'plain',
    app: { min: 1, max: 'steps' }, engine: { min: 1, max: 'steps' }, cli: 'engine',
  },
  {
    key: 'schedule', label: 'Schedule', flag: 'schedule', metavar: 'periodic|revolve', help: 'which checkpoint schedule to run',
    kind: 'choice', default: 'periodic', choices: ['periodic', 'revolve'],
  },
  {
    key: 'snapshots', label: 'Snapshots', flag: 'snapshots', metavar: 'S', help: 'binomial (revolve) schedule: checkpoints stored at once',
    kind: 'integer', default: 3, scale: 'linear', sliderStep: 1, hash: 'plain',
    app: { min: 1, max: 'steps' }, engine: { min: 1, max: Number.MAX_SAFE_INTEGER }, cli: 'engine',
  },
  {
    key: 'state', label: 'Checkpoint size', flag: 'state', metavar: 'scalar|wide',
    help: "a stored state's bytes: scalar 8, or wide 640 (a step's tape)",
    kind: 'choice', default: 'scalar', choices: ['scalar', 'wide'], hashOnlyIfChanged: true,
  },
  {
    key: 'c', label: 'c', flag: 'c', metavar: 'C', help: 'weight of the rational term c·x/(1+x²)',
    kind: 'real', default: 0.35, scale: 'linear', sliderStep: 0.01, hash: 'plain',
    app: { min: -1, max: 1.5 }, engine: ALWAYS_FINITE, cli: 'app',
  },
  {
    key: 'x0', label: 'x₀', flag: 'x0', metavar: 'X', help: 'the initial state',
    kind: 'real', default: 0.4, scale: 'linear', sliderStep: 0.01, hash: 'plain',
    app: { min: -2, max: 2 }, engine: ALWAYS_FINITE, cli: 'app',
  },
  {
    key: 'target', label: 'target y', noticeLabel: 'Target y', flag: 'target', metavar: 'Y', help: 'the loss is ½(final x − y)²',
    kind: 'real', default: 0.25, scale: 'linear', sliderStep: 0.01, hash: 'plain',
    app: { min: -2, max: 2 }, engine: ALWAYS_FINITE, cli: 'app',
  },
] as const satisfies readonly SettingRow[];

/** The chain's settings: steps, eps, stride, schedule, snapshots, state, c, x0, target. */
export type ChainSettings = SettingsOf<typeof SETTING_ROWS>;
export type ChainSettingKey = keyof ChainSettings;

/** A table of rows with everything derived from them; `buildSettingsTable` makes one from any rows. */
export interface SettingsTable<S extends Record<string, RowValueType>, R extends AnyRow = SettingRow> {
  rows: readonly (R & { key: Extract<keyof S, string> })[];
  keys: readonly Extract<keyof S, string>[];
  defaults: Readonly<S>;
  row(key: keyof S): R;
  /** The range's upper end for chains of `steps` steps. */
  max(range: SettingRange, steps: number): number;
  /** Exact equality (Object.is on every value, so 0 and −0 differ). */
  same(a: S, b: S): boolean;
  /** Just the settings of a larger object (a store state, a worker request). */
  pick(from: S): S;
}

/** The row type a table of these rows hands out: a setting row, or any row where a switch is among them. */
export type RowsKind<Rows extends readonly AnyRow[]> = Rows[number] extends SettingRow ? SettingRow : AnyRow;

/** Derives the table's lookups from its rows (a test builds one with a throwaway row). */
export function buildSettingsTable<const Rows extends readonly AnyRow[]>(rows: Rows): SettingsTable<SettingsOf<Rows>, RowsKind<Rows>> {
  type S = SettingsOf<Rows>;
  type R = RowsKind<Rows>;
  const byKey = new Map<string, R>(rows.map((r) => [r.key, r as unknown as R]));
  const keys = rows.map((r) => r.key) as unknown as Extract<keyof S, string>[];
  const defaults = Object.freeze(Object.fromEntries(rows.map((r) => [r.key, r.default]))) as unknown as Readonly<S>;
  return {
    rows: rows as unknown as SettingsTable<S, R>['rows'],
    keys,
    defaults,
    row(key) {
      const found = byKey.get(String(key));
      if (!found) throw new Error(`no setting called ${String(key)}`);
      return found;
    },
    max: (range, steps) => rangeMax(range, steps),
    same: (a, b) => keys.every((k) => Object.is(a[k], b[k])),
    pick: (from) => Object.fromEntries(keys.map((k) => [k, from[k]])) as unknown as S,
  };
}

/** The chain's settings table. */
export const SETTINGS = buildSettingsTable(SETTING_ROWS);

/** The chain's defaults: T = 40 (P = 80), h = 1e-5, periodic stride 4, revolve with 3 snapshots. */
export const CHAIN_DEFAULTS: Readonly<ChainSettings> = SETTINGS.defaults;

/** The chain settings of a larger object (a store state, a worker request). */
export function pickSettings(from: ChainSettings): ChainSettings {
  return SETTINGS.pick(from);
}

/** Exact equality of two chain settings; used wherever two settings are compared. */
export function sameSettings(a: ChainSettings, b: ChainSettings): boolean {
  return SETTINGS.same(a, b);
}

/** A range's upper end on a chain of `steps` steps (see SettingRange). */
export function rangeMax(range: SettingRange, steps: number): number {
  if (range.max === 'steps') return steps;
  if (range.max === 'inputs') return 2 * steps + 2;
  return range.max;
}

/** A range's upper end in words, for help and errors: "the steps", "P + 2", or the number. */
export function rangeMaxText(range: SettingRange): string {
  if (range.max === 'steps') return 'the steps';
  if (range.max === 'inputs') return 'P + 2';
  return String(range.max);
}
