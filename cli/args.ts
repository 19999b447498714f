import { parseArgs } from 'node:util';
import { UsageError } from './errors.ts';

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** Parses `argv` strictly: an unknown flag or a missing value is a UsageError with one line. */
export function parseOptions<S extends OptionSpec>(argv: string[], spec: S, command: string) {
  try {
    return parseArgs({ args: joinNegativeValues(argv, spec), options: spec, strict: true, allowPositionals: true });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const unknown = /Unknown option '([^']+)'/.exec(message);
    if (unknown) throw new UsageError(`unknown option ${unknown[1]} for '${command}' (see 'tape-lab help')`);
    const missing = /Option '(--[\w-]+)/.exec(message);
    if (missing && /argument missing/.test(message)) throw new UsageError(`option ${missing[1]} needs a value`);
    throw new UsageError(message.split('\n')[0]);
  }
}

/**
 * `--x0 -1` means x₀ = −1, but parseArgs would read `-1` as a flag: join a value that looks like
 * a negative number to its option (`--x0=-1`).
 */
function joinNegativeValues(argv: string[], spec: OptionSpec): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].startsWith('--') ? argv[i].slice(2) : null;
    const next = argv[i + 1];
    if (name && spec[name]?.type === 'string' && next !== undefined && /^-(\d|\.\d|Infinity|NaN)/.test(next)) {
      out.push(`${argv[i]}=${next}`);
      i++;
    } else out.push(argv[i]);
  }
  return out;
}

/** A finite number from an option's text, or a UsageError naming the option. */
export function numberOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  const value = trimmed === '' ? NaN : Number(trimmed);
  if (!Number.isFinite(value)) throw new UsageError(`--${name} must be a finite number; got '${text}'`);
  return value;
}

/** A whole number within [min, max] from an option's text. */
export function integerOption(name: string, text: string | undefined, min: number, max: number): number | undefined {
  const value = numberOption(name, text);
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}; got '${text}'`);
  }
  return value;
}
