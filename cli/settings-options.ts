import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import {
  checkEngineLimits,
  MAX_STEPS,
  rangeMaxText,
  SETTINGS,
  type AnyRow,
  type LabSettings,
  type NumberRow,
  type SettingRow,
} from '../engine/index.ts';
import { formatEps } from '../engine/number-text.ts';
import { numberOption, quoted, type OptionSpec } from './args.ts';
import { UsageError } from './errors.ts';

/** The largest `--params` file read, in bytes. */
export const MAX_PARAMS_BYTES = 8 * 1024 * 1024;

/** The deepest nesting of arrays and objects a `--params` file may have (it needs two). */
export const MAX_PARAMS_DEPTH = 64;

/** The rows of a table that have a command-line option (a lever shown both ways, a switch, has none). */
function flagged(table: { rows: readonly AnyRow[] }): SettingRow[] {
  return table.rows.filter((row): row is SettingRow => row.flag !== null);
}

/** One string option per row of a table that has a flag, by its flag. */
export function optionsOf(table: { rows: readonly AnyRow[] }): OptionSpec {
  return Object.fromEntries(flagged(table).map((row) => [row.flag, { type: 'string' as const }]));
}

/** The options `run` shares with other commands that build lab settings: one per setting, and --params. */
export const SETTINGS_OPTIONS = { ...optionsOf(SETTINGS), params: { type: 'string' } } as const satisfies OptionSpec;

/** The range the command line accepts for a number row: the engine's hard range, or the app's. */
function cliRange(row: NumberRow) {
  return row.cli === 'app' ? row.app : row.engine;
}

function rangeText(row: NumberRow): string {
  const range = cliRange(row);
  const max = typeof range.max !== 'number' ? rangeMaxText(range) : range.max >= Number.MAX_SAFE_INTEGER ? null : String(range.max);
  const low = range.minExclusive ? `above ${range.min}` : `${range.min}`;
  return max === null ? `at least ${low}` : `${range.minExclusive ? `${low} up to` : `${low} …`} ${max}`;
}

/** The help lines of a table's options: flag, placeholder, what it sets, its range and default. */
export function optionsHelp(table: { rows: readonly AnyRow[] }): string {
  const lines = flagged(table).map((row) => {
    const left = `--${row.flag} ${row.metavar}`;
    const range = row.kind === 'choice' ? '' : `; ${rangeText(row)}`;
    const fallback =
      row.kind !== 'choice' && row.hash === 'exponent'
        ? formatEps(row.default)
        : row.kind !== 'choice' && row.default >= Number.MAX_SAFE_INTEGER
          ? 'all'
          : String(row.default);
    return `    ${left.padEnd(28)}${row.help}${range} (default ${fallback})`;
  });
  return lines.join('\n');
}

/** Reads one row's option text: a choice among its names, or a number within its command-line range. */
export function readOption(row: SettingRow, text: string, steps: number): number | string {
  const flag = `--${row.flag}`;
  if (row.kind === 'choice') {
    const found = row.choices.find((c) => c === text);
    if (found === undefined) throw new UsageError(`${flag} must be ${row.choices.join(' or ')}; got ${quoted(text)}`);
    return found;
  }
  const x = numberOption(row.flag, text)!;
  const range = cliRange(row);
  const max = SETTINGS.max(range, steps);
  if (row.kind === 'integer') {
    if (Number.isInteger(x) && x >= range.min && range.max === 'steps' && x > steps) {
      throw new UsageError(`${flag} ${x} is larger than the ${steps} steps; use ${range.min} to ${steps}`);
    }
    if (Number.isInteger(x) && x >= range.min && range.max === 'inputs' && x > max) {
      throw new UsageError(`${flag} ${x} is more than P + 2 = ${max}; use ${range.min} to ${max}`);
    }
    if (!Number.isInteger(x) || x < range.min || x > max) {
      const span = range.max === 'steps' ? `from ${range.min} to the steps (${steps})` : max >= Number.MAX_SAFE_INTEGER ? `of at least ${range.min}` : `from ${range.min} to ${max}`;
      throw new UsageError(`${flag} must be a whole number ${span}; got ${quoted(text)}`);
    }
    return x;
  }
  if (range.minExclusive && x <= range.min) {
    throw new UsageError(`${flag} must be ${range.min === 0 ? 'positive' : `above ${range.min}`}; got ${quoted(text)}`);
  }
  if (range.minExclusive && x > max) throw new UsageError(`${flag} must be at most ${max}; got ${quoted(text)}`);
  if (x < range.min || x > max) throw new UsageError(`${flag} must be from ${range.min} to ${max}; got ${quoted(text)}`);
  return x;
}

type SettingsValues = Partial<Record<string, string | boolean | undefined>>;

/**
 * Lab settings from command-line options, row by row of the settings table, validated; every
 * problem is a one-line UsageError. A `--params` file sets the steps (its `a.length`) and may
 * set c, x₀ and y; an option given beside it wins.
 */
export function settingsFromOptions(values: SettingsValues): LabSettings {
  const paramsPath = typeof values.params === 'string' ? values.params : undefined;
  const file = paramsPath !== undefined ? readParamsFile(paramsPath) : undefined;
  const out: Record<string, number | string> = {};
  for (const row of SETTINGS.rows) {
    const text = values[row.flag];
    const steps = typeof out.steps === 'number' ? out.steps : 0;
    if (typeof text === 'string') out[row.key] = readOption(row, text, steps);
    else if (file && row.key in file.scalars) out[row.key] = file.scalars[row.key];
    else if (row.key === 'steps' && file) out[row.key] = file.a.length;
    else out[row.key] = row.kind !== 'choice' && typeof row.engine.max !== 'number' ? Math.min(row.default, SETTINGS.max(row.engine, steps)) : row.default;
    if (row.key === 'steps' && file && out.steps !== file.a.length) {
      throw new UsageError(`--steps ${out.steps} disagrees with the --params file, which has ${file.a.length} steps`);
    }
  }
  const settings = { ...(out as unknown as LabSettings), params: file ? { a: file.a, b: file.b } : undefined };
  const problem = checkEngineLimits(settings);
  if (problem) throw new UsageError(problem);
  return settings;
}

interface ParamsFile {
  a: number[];
  b: number[];
  /** c, x0 and target when the file gives them (own properties only). */
  scalars: Record<string, number>;
}

/** The file's text, refusing what is not a regular file or is larger than MAX_PARAMS_BYTES. */
function readBoundedText(path: string): string {
  const name = `--params file ${quoted(path)}`;
  const refuse = (err: unknown): never => {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : String(code ?? 'unreadable');
    throw new UsageError(`cannot read ${name}: ${why}`);
  };
  // Stat the path before opening it: opening a named pipe (mkfifo) waits until something writes
  // to it, for good if nothing ever does. The descriptor is checked again below, in case the path
  // was swapped in between.
  const kind = (stat: Stats) => {
    if (stat.isDirectory()) throw new UsageError(`cannot read ${name}: it is a directory`);
    if (!stat.isFile()) throw new UsageError(`cannot read ${name}: it is not a regular file`);
  };
  let fd = -1;
  try {
    kind(statSync(path));
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    refuse(err);
  }
  try {
    const stat = fstatSync(fd);
    kind(stat);
    if (stat.size > MAX_PARAMS_BYTES) throw new UsageError(`cannot read ${name}: it has ${stat.size} bytes, more than the ${MAX_PARAMS_BYTES} (8 MiB) allowed`);
    // Read at most one byte past the limit, in case the file grew since the stat.
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_PARAMS_BYTES) + 1);
    let length = 0;
    while (length < buffer.length) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > MAX_PARAMS_BYTES) throw new UsageError(`cannot read ${name}: it is larger than the ${MAX_PARAMS_BYTES} bytes (8 MiB) allowed`);
    // A byte-order mark at the start is not part of the JSON.
    return buffer.toString('utf8', 0, length).replace(/^\uFEFF/, '');
  } finally {
    closeSync(fd);
  }
}

/** How deeply arrays and objects nest in JSON text (brackets inside strings not counted). */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      deepest = Math.max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return deepest;
}

/** The scalars a --params file may set: the setting rows that are real numbers with an app range (c, x0, target). */
const FILE_SCALARS = SETTINGS.rows.filter((r) => r.kind === 'real' && r.cli === 'app') as readonly NumberRow[];

/**
 * c, x₀ and y from `--c`, `--x0` and `--target`, each read through its row of the settings table
 * as `run` reads it (so `hvp` and `tradeoffs` refuse what `run` refuses); one not given is its
 * row's default.
 */
export function chainScalarsFromOptions(values: SettingsValues): { c: number; x0: number; target: number } {
  const out: Record<string, number> = {};
  for (const row of FILE_SCALARS) {
    const text = values[row.flag];
    out[row.key] = typeof text === 'string' ? (readOption(row, text, 0) as number) : row.default;
  }
  return out as { c: number; x0: number; target: number };
}

/** Reads and checks a `--params` JSON file: { a: [...], b: [...], c?, x0?, target? }. */
export function readParamsFile(path: string): ParamsFile {
  const text = readBoundedText(path);
  const name = `--params file ${quoted(path)}`;
  if (jsonDepth(text, MAX_PARAMS_DEPTH) > MAX_PARAMS_DEPTH) {
    throw new UsageError(`${name} nests arrays or objects more than ${MAX_PARAMS_DEPTH} deep; it must hold { "a": [...], "b": [...] }`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${name} is not valid JSON: ${quoteSafelyMessage(err)}`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new UsageError(`${name} must hold an object { "a": [...], "b": [...] }`);
  }
  const obj = data as Record<string, unknown>;
  const a = numberArray(obj.a, 'a', name);
  const b = numberArray(obj.b, 'b', name);
  if (a.length !== b.length) {
    throw new UsageError(`${name}: a has ${a.length} entries but b has ${b.length}; they must match`);
  }
  if (a.length < 1 || a.length > MAX_STEPS) {
    throw new UsageError(`${name}: the chain must have 1 to ${MAX_STEPS} steps; a has ${a.length}`);
  }
  const scalars: Record<string, number> = Object.create(null);
  for (const row of FILE_SCALARS) {
    if (!Object.hasOwn(obj, row.key) || obj[row.key] === undefined) continue;
    const value = obj[row.key];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new UsageError(`${name}: ${row.key} must be a finite number; got ${quoteSafelyJson(value)}`);
    }
    const { min, max } = row.app as { min: number; max: number };
    if (value < min || value > max) throw new UsageError(`${name}: ${row.key} must be from ${min} to ${max}; got ${value}`);
    scalars[row.key] = value;
  }
  const known = new Set(['a', 'b', ...FILE_SCALARS.map((r) => r.key)]);
  const extra = Object.keys(obj).filter((k) => !known.has(k));
  if (extra.length > 0) {
    throw new UsageError(`${name}: unknown key ${quoted(extra[0])} (expected ${[...known].join(', ')})`);
  }
  return { a, b, scalars };
}

function quoteSafelyJson(value: unknown): string {
  return quoted(JSON.stringify(value) ?? String(value)).slice(1, -1);
}

function quoteSafelyMessage(err: unknown): string {
  return quoted(err instanceof Error ? err.message : String(err)).slice(1, -1);
}

function numberArray(value: unknown, key: string, name: string): number[] {
  if (!Array.isArray(value)) throw new UsageError(`${name}: '${key}' must be an array of numbers`);
  value.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new UsageError(`${name}: ${key}[${i}] is ${typeof v === 'number' ? String(v) : quoteSafelyJson(v)}; every entry must be a finite number`);
    }
  });
  return value as number[];
}
