import { main } from '../../cli/main.ts';

/**
 * Runs one `tape-lab` command line in this process, exactly as `npm run -s lab -- …` would, and
 * returns what it printed. Throws with its stderr if it exits non-zero: a doc's figure must come
 * from a command that works.
 */
export function runCommand(argv: readonly string[]): string {
  let out = '';
  let err = '';
  const status = main([...argv], { out: (t) => (out += t), err: (t) => (err += t) });
  if (status !== 0) throw new Error(`tape-lab ${argv.join(' ')} exited ${status}: ${err.trim()}`);
  return out;
}

const cache = new Map<string, unknown>();

/** The JSON a `--json` command line prints (run once per process: a doc quotes one run of each). */
export function commandJson<T = Record<string, unknown>>(argv: readonly string[]): T {
  const key = argv.join('\u0000');
  if (!cache.has(key)) cache.set(key, JSON.parse(runCommand([...argv, '--json'])));
  return cache.get(key) as T;
}

/** The command as a reader types it. */
export function commandLine(argv: readonly string[]): string {
  return `npm run -s lab -- ${argv.map((a) => (/^[\w.,=:/-]+$/.test(a) ? a : `"${a}"`)).join(' ')}`;
}
