import { readFileSync } from 'node:fs';
import { DEFAULT_SETTINGS, MAX_STEPS, validateSettings, type LabSettings, type ScheduleKind } from '../engine/index.ts';
import { integerOption, numberOption } from './args.ts';
import { UsageError } from './errors.ts';

/** The options `run` shares with other commands that build lab settings. */
export const SETTINGS_OPTIONS = {
  steps: { type: 'string' },
  stride: { type: 'string' },
  snapshots: { type: 'string' },
  schedule: { type: 'string' },
  eps: { type: 'string' },
  c: { type: 'string' },
  x0: { type: 'string' },
  target: { type: 'string' },
  params: { type: 'string' },
} as const;

type SettingsValues = Partial<Record<keyof typeof SETTINGS_OPTIONS, string>>;

/** Lab settings from command-line options, validated; every problem is a one-line UsageError. */
export function settingsFromOptions(values: SettingsValues): LabSettings {
  const file = values.params !== undefined ? readParamsFile(values.params) : undefined;
  let steps = integerOption('steps', values.steps, 1, MAX_STEPS) ?? file?.a.length ?? DEFAULT_SETTINGS.steps;
  if (file && values.steps !== undefined && steps !== file.a.length) {
    throw new UsageError(`--steps ${steps} disagrees with the --params file, which has ${file.a.length} steps`);
  }
  if (file) steps = file.a.length;
  const schedule = values.schedule ?? DEFAULT_SETTINGS.schedule;
  if (schedule !== 'periodic' && schedule !== 'revolve') {
    throw new UsageError(`--schedule must be periodic or revolve; got '${schedule}'`);
  }
  const stride = integerOption('stride', values.stride, 1, Number.MAX_SAFE_INTEGER) ?? Math.min(DEFAULT_SETTINGS.stride, steps);
  if (stride > steps) throw new UsageError(`--stride ${stride} is larger than the ${steps} steps; use 1 to ${steps}`);
  const eps = numberOption('eps', values.eps) ?? DEFAULT_SETTINGS.eps;
  if (eps <= 0) throw new UsageError(`--eps must be positive; got '${values.eps}'`);
  const settings: LabSettings = {
    steps,
    eps,
    stride,
    schedule: schedule as ScheduleKind,
    snapshots: integerOption('snapshots', values.snapshots, 1, Number.MAX_SAFE_INTEGER) ?? DEFAULT_SETTINGS.snapshots,
    c: numberOption('c', values.c) ?? file?.c ?? DEFAULT_SETTINGS.c,
    x0: numberOption('x0', values.x0) ?? file?.x0 ?? DEFAULT_SETTINGS.x0,
    target: numberOption('target', values.target) ?? file?.target ?? DEFAULT_SETTINGS.target,
    params: file ? { a: file.a, b: file.b } : undefined,
  };
  const problem = validateSettings(settings);
  if (problem) throw new UsageError(problem);
  return settings;
}

interface ParamsFile {
  a: number[];
  b: number[];
  c?: number;
  x0?: number;
  target?: number;
}

/** Reads and checks a `--params` JSON file: { a: [...], b: [...], c?, x0?, target? }. */
export function readParamsFile(path: string): ParamsFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (err as Error).message;
    throw new UsageError(`cannot read --params file '${path}': ${why}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--params file '${path}' is not valid JSON: ${(err as Error).message}`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new UsageError(`--params file '${path}' must hold an object { "a": [...], "b": [...] }`);
  }
  const obj = data as Record<string, unknown>;
  const a = numberArray(obj.a, 'a', path);
  const b = numberArray(obj.b, 'b', path);
  if (a.length !== b.length) {
    throw new UsageError(`--params file '${path}': a has ${a.length} entries but b has ${b.length}; they must match`);
  }
  if (a.length < 1 || a.length > MAX_STEPS) {
    throw new UsageError(`--params file '${path}': the chain must have 1 to ${MAX_STEPS} steps; a has ${a.length}`);
  }
  const out: ParamsFile = { a, b };
  for (const key of ['c', 'x0', 'target'] as const) {
    if (obj[key] === undefined) continue;
    if (typeof obj[key] !== 'number' || !Number.isFinite(obj[key])) {
      throw new UsageError(`--params file '${path}': ${key} must be a finite number; got ${JSON.stringify(obj[key])}`);
    }
    out[key] = obj[key];
  }
  const known = new Set(['a', 'b', 'c', 'x0', 'target']);
  const extra = Object.keys(obj).filter((k) => !known.has(k));
  if (extra.length > 0) throw new UsageError(`--params file '${path}': unknown key '${extra[0]}' (expected a, b, c, x0, target)`);
  return out;
}

function numberArray(value: unknown, name: string, path: string): number[] {
  if (!Array.isArray(value)) throw new UsageError(`--params file '${path}': '${name}' must be an array of numbers`);
  value.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new UsageError(`--params file '${path}': ${name}[${i}] is ${typeof v === 'number' ? String(v) : JSON.stringify(v) ?? String(v)}; every entry must be a finite number`);
    }
  });
  return value as number[];
}
