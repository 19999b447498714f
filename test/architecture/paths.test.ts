import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path the prose names exists: in README.md, docs/*.md and the engine's
 * READMEs (their whole text, and their relative links), and in the comments of the sources.
 *
 * A path is a token that starts with a top-level folder and a slash (`engine/tape.ts`,
 * `workers/lab/`, `.ci/run`), not preceded by a letter, a dot, a slash or a colon (so a relative
 * import, a web address or a path inside dist/ is not read as one). A trailing `.`, `,`, `;` or
 * `:` ends the sentence, not the path. `*` and `{a,b}` are globs: some file must match. Two
 * folder names joined by a slash read as a path: write "the app and the engine" instead.
 *
 * Comments are `//` to the end of the line and `/* … *\/` (JSDoc included); strings in code are
 * code, checked by running it. app/ is being regrouped (docs/architecture.md draws the new
 * layout), so a missing path is listed with the files of the same name that do exist.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TOP = String.raw`(?:app|engine|workers|cli|scripts|test|docs|public|\.ci)`;
const PATH = new RegExp(String.raw`(?<![\w.\/@:~$\\-])${TOP}\/(?:[\w.\-\/*]|\{[\w.,\-]*\})*`, 'g');
const SOURCE = /\.(ts|tsx|mts|js|mjs|css)$/;
const SKIP = new Set(['node_modules', 'dist', 'test-results', '.git', '.vite']);

/** One path named somewhere: the file, the line (from 1) and the path as written. */
export interface Mention {
  file: string;
  line: number;
  path: string;
}

/** The repository paths a piece of prose names, in order, with their line numbers (from 1). */
export function pathsIn(text: string): { line: number; path: string }[] {
  const found: { line: number; path: string }[] = [];
  text.split('\n').forEach((line, i) => {
    for (const match of line.matchAll(PATH)) {
      const path = match[0].replace(/[.,;:]+$/, '');
      if (/\/./.test(path) || path.endsWith('/')) found.push({ line: i + 1, path });
    }
  });
  return found;
}

/**
 * The comments of a source file as text of the same lines (code blanked), so line numbers
 * carry over. `//` counts only at the start of a line or after a space, `;`, `{`, `}`, `)` or
 * `,` (not in `https://`); `/*` at the start or after a space, `{` or `(`.
 */
export function commentsOf(source: string): string {
  let inBlock = false;
  return source
    .split('\n')
    .map((line) => {
      let kept = '';
      let rest = line;
      while (rest.length > 0) {
        if (inBlock) {
          const end = rest.indexOf('*/');
          if (end < 0) return kept + rest;
          kept += `${rest.slice(0, end)} `;
          rest = rest.slice(end + 2);
          inBlock = false;
          continue;
        }
        const opener = /(^|[\s;{}),(])(\/\/|\/\*)/.exec(rest);
        if (!opener) return kept;
        const at = opener.index + opener[1].length;
        if (opener[2] === '//') return `${kept} ${rest.slice(at + 2)}`;
        inBlock = true;
        rest = rest.slice(at + 2);
      }
      return kept;
    })
    .join('\n');
}

/** Markdown link targets that are repository files (not web addresses or anchors), by line. */
export function linksIn(text: string): { line: number; target: string }[] {
  const found: { line: number; target: string }[] = [];
  text.split('\n').forEach((line, i) => {
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1].replace(/#.*$/, '');
      if (target === '' || /^[a-z][a-z+.-]*:/i.test(target)) continue;
      found.push({ line: i + 1, target });
    }
  });
  return found;
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? [`${path}/`, ...walk(path)] : [path];
  });
}

/** Every file and folder (folders end in /), relative to the root. */
const ENTRIES = walk(ROOT).map((p) => relative(ROOT, p) + (p.endsWith('/') ? '/' : ''));

function globRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i];
    if (ch === '*' && glob[i + 1] === '*') {
      out += '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (ch === '*') out += '[^/]*';
    else if (ch === '{') {
      const end = glob.indexOf('}', i);
      out += `(?:${glob.slice(i + 1, end).split(',').map((s) => s.replace(/[.]/g, '\\.')).join('|')})`;
      i = end;
    } else out += /[.+?^$()|[\]\\]/.test(ch) ? `\\${ch}` : ch;
  }
  return new RegExp(`^${out}$`);
}

/** True when the repository has the path (a file, a folder, or, for a glob, at least one match). */
export function pathExists(path: string): boolean {
  if (/[*{]/.test(path)) {
    const re = globRegExp(path.replace(/\/$/, ''));
    return ENTRIES.some((entry) => re.test(entry.replace(/\/$/, '')));
  }
  return existsSync(join(ROOT, path));
}

/** Where files of the same name live now, for the failure message. */
function sameName(path: string): string {
  const name = basename(path.replace(/\/$/, ''));
  if (/[*{]/.test(name)) return '';
  const dir = path.endsWith('/');
  const hits = ENTRIES.filter((e) => (dir ? e.endsWith('/') : !e.endsWith('/')) && basename(e.replace(/\/$/, '')) === name);
  return hits.length > 0 && hits.length <= 3 ? `  (same name: ${hits.join(', ')})` : '';
}

function missing(mentions: Mention[]): string[] {
  return mentions.filter((m) => !pathExists(m.path)).map((m) => `${m.file}:${m.line}  ${m.path}${sameName(m.path)}`);
}

function report(list: string[]): string {
  return list.length === 0 ? '' : `${list.length} path(s) named but missing:\n  ${list.join('\n  ')}`;
}

function proseMentions(files: string[]): Mention[] {
  return files.flatMap((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const named = pathsIn(text).map((p) => ({ file, ...p }));
    const linked = linksIn(text).map(({ line, target }) => ({
      file,
      line,
      path: normalize(join(dirname(file), decodeURI(target))).replace(/\\/g, '/'),
    }));
    return [...named, ...linked];
  });
}

function commentMentions(files: string[]): Mention[] {
  return files.flatMap((file) => pathsIn(commentsOf(readFileSync(join(ROOT, file), 'utf8'))).map((p) => ({ file, ...p })));
}

const sourcesUnder = (...dirs: string[]) =>
  ENTRIES.filter((e) => SOURCE.test(e) && dirs.some((d) => e.startsWith(d)) && !e.endsWith('.d.ts'));

describe('the path finder', () => {
  it('reads paths that start with a top-level folder, and nothing else', () => {
    const text = [
      'See engine/tape.ts, app/lab/ and [the guide](docs/cli.md).',
      'Built by `scripts/vite/offline-plugin.ts`; run by .ci/run: tests in test/engine/**/*.test.{ts,tsx}.',
      'Not paths: https://example.org/app/x.ts, ../engine/chain.ts, dist/app/x.js, the app and engine, app/',
    ].join('\n');
    expect(pathsIn(text)).toEqual([
      { line: 1, path: 'engine/tape.ts' },
      { line: 1, path: 'app/lab/' },
      { line: 1, path: 'docs/cli.md' },
      { line: 2, path: 'scripts/vite/offline-plugin.ts' },
      { line: 2, path: '.ci/run' },
      { line: 2, path: 'test/engine/**/*.test.{ts,tsx}' },
      { line: 3, path: 'app/' },
    ]);
  });

  it('reads comments and leaves code, strings and web addresses alone', () => {
    const source = [
      "import { x } from '../engine/chain.ts'; // see engine/chain.ts",
      "const url = 'https://example.org/app/x.ts'; const dir = 'app/lab/';",
      '/** The tape (engine/tape.ts)',
      ' *  and its view, workers/lab/host.ts. */ const y = 1; /* cli/args.ts */',
      '{/* engine/ops.ts */}',
    ].join('\n');
    expect(pathsIn(commentsOf(source))).toEqual([
      { line: 1, path: 'engine/chain.ts' },
      { line: 3, path: 'engine/tape.ts' },
      { line: 4, path: 'workers/lab/host.ts' },
      { line: 4, path: 'cli/args.ts' },
      { line: 5, path: 'engine/ops.ts' },
    ]);
  });

  it('resolves globs and tells a missing path from one that exists', () => {
    expect(pathExists('engine/tape.ts')).toBe(true);
    expect(pathExists('engine/')).toBe(true);
    expect(pathExists('test/engine/**/*.test.{ts,tsx}')).toBe(true);
    expect(pathExists('engine/no-such-file.ts')).toBe(false);
    expect(pathExists('test/engine/**/*.test.{cpp,rs}')).toBe(false);
    expect(linksIn('[a](../engine/tape.ts) [b](https://x.org/y) [c](#top) [d](cli.md#flags)')).toEqual([
      { line: 1, target: '../engine/tape.ts' },
      { line: 1, target: 'cli.md' },
    ]);
  });
});

describe('every repository path named in prose exists', () => {
  const docs = ['README.md', ...ENTRIES.filter((e) => /^docs\/[^/]+\.md$/.test(e))].filter((f) => existsSync(join(ROOT, f)));
  const engineReadmes = ENTRIES.filter((e) => /^engine\/(.*\/)?README\.md$/.test(e));

  it('finds the mentions it checks (the scan reads the repository)', () => {
    const all = [...proseMentions(docs), ...commentMentions(sourcesUnder('engine/', 'workers/', 'cli/', 'scripts/'))];
    expect(all.length).toBeGreaterThan(100);
  });

  it('README.md and docs/*.md', () => {
    expect(report(missing(proseMentions(docs)))).toBe('');
  });

  it("the engine's READMEs (engine/**/README.md)", () => {
    expect(report(missing(proseMentions(engineReadmes)))).toBe('');
  });

  it('comments in engine/, workers/, cli/, scripts/ and the root configs', () => {
    const roots = ['vite.config.ts', 'vitest.config.ts'].filter((f) => existsSync(join(ROOT, f)));
    expect(report(missing(commentMentions([...sourcesUnder('engine/', 'workers/', 'cli/', 'scripts/'), ...roots])))).toBe('');
  });

  it('comments in test/', () => {
    expect(report(missing(commentMentions(sourcesUnder('test/'))))).toBe('');
  });

  it('comments in app/', () => {
    expect(report(missing(commentMentions(sourcesUnder('app/'))))).toBe('');
  });
});
