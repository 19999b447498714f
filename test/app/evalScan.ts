import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Ways to turn a string into code at run time, which the CSP forbids and the lab never needs. */
export const CODE_FROM_STRING: readonly RegExp[] = [
  /(?<![\w$.])eval\s*\(/,
  /\bnew\s+Function\s*\(/,
  /(?<![\w$.])Function\s*\(\s*['"`]/,
  /\bset(?:Timeout|Interval)\s*\(\s*['"`]/,
];

/** Every file under `dir` whose name ends with one of `extensions` (dot folders and node_modules skipped). */
export function filesUnder(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.') || name === 'node_modules') return [];
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, extensions);
    return extensions.some((e) => name.endsWith(e)) ? [full] : [];
  });
}

/** "file: pattern" for each file that contains a way of running a string as code. */
export function evalUses(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of CODE_FROM_STRING) {
      const m = text.match(pattern);
      if (m) found.push(`${file}: …${text.slice(Math.max(0, (m.index ?? 0) - 40), (m.index ?? 0) + 40)}…`);
    }
  }
  return found;
}
