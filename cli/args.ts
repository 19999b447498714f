import { parseArgs } from 'node:util';
import { parseDecimal, quoteSafely } from '../engine/number-text.ts';
import { UsageError } from './errors.ts';

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** A value from the command line as a message quotes it: at most 80 characters, controls escaped. */
export function quoted(text: string): string {
  return `'${quoteSafely(text, 80)}'`;
}

/**
 * Parses `argv` strictly: an unknown flag, a missing value or a stray argument (every command
 * takes options only; `grad` takes its expression out first) is a UsageError with one line.
 */
export function parseOptions<S extends OptionSpec>(argv: string[], spec: S, command: string) {
  let parsed;
  try {
    parsed = parseArgs({ args: joinNegativeValues(argv, spec), options: spec, strict: true, allowPositionals: true });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const unknown = /Unknown option '([^']+)'/.exec(message);
    if (unknown) throw new UsageError(`unknown option ${quoteSafely(unknown[1], 80)} for '${command}' (see 'tape-lab help')`);
    const missing = /Option '(--[\w-]+)/.exec(message);
    if (missing && /argument missing/.test(message)) throw new UsageError(`option ${missing[1]} needs a value`);
    throw new UsageError(quoteSafely(message.split('\n')[0], 200));
  }
  if (parsed.positionals.length > 0) {
    throw new UsageError(`unexpected argument ${quoted(parsed.positionals[0])} for '${command}' (options start with --; see 'tape-lab help')`);
  }
  return parsed;
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
    if (name && Object.hasOwn(spec, name) && spec[name].type === 'string' && next !== undefined && /^-(\d|\.\d|Infinity|NaN)/.test(next)) {
      out.push(`${argv[i]}=${next}`);
      i++;
    } else out.push(argv[i]);
  }
  return out;
}

/**
 * A finite decimal number from an option's text, or a UsageError naming the option. Read as the
 * app reads a link: hexadecimal, octal and binary (0x10, 0o7, 0b1) are refused, not converted.
 */
export function numberOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = parseDecimal(text);
  if (Number.isNaN(value) && /^\s*[+-]?0[xob]/i.test(text)) {
    throw new UsageError(`--${name} must be a decimal number (hexadecimal, octal and binary are not read); got ${quoted(text)}`);
  }
  if (!Number.isFinite(value)) throw new UsageError(`--${name} must be a finite number; got ${quoted(text)}`);
  return value;
}

/** A whole number within [min, max] from an option's text. */
export function integerOption(name: string, text: string | undefined, min: number, max: number): number | undefined {
  const value = numberOption(name, text);
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max >= Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`--${name} must be a whole number ${range}; got ${quoted(text!)}`);
  }
  return value;
}
