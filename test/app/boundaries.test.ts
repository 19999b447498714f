import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const APP = fileURLToPath(new URL('../../app', import.meta.url));
const WORKERS = fileURLToPath(new URL('../../workers', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Engine modules the main thread may load: each imports nothing at run time but another of these
 * (checked below), so no engine code that computes a derivative follows.
 */
const SHARED_LEAVES = [
  'json-data.ts',
  'limits.ts',
  'number-text.ts',
  'settings-table.ts',
  'slicing.ts',
  'cached-parts.ts',
  // The gallery's examples and published numbers: data, and a comparison to the published decimals.
  'expr/gallery.ts',
  'tradeoffs/levers.ts',
  'method-cost.ts',
  'bugs/pytorch-version.ts',
  // The heat strip's colour levels: a logarithm per tangent, made in the worker or, as a fallback, on the page.
  'heat-levels.ts',
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('the main thread', () => {
  it('imports only types from the engine, and values only from its leaf modules: every number it shows comes from the worker', () => {
    const offenders: string[] = [];
    // The workers' hosts, clients and protocols run on the main thread too; only *.worker.ts run the engine.
    const hosts = sources(WORKERS).filter((file) => !file.endsWith('.worker.ts'));
    expect(hosts.length).toBeGreaterThan(5);
    for (const file of [...sources(APP), ...hosts]) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)) {
        if (!m[3].includes('/engine/') || m[2]) continue;
        // The exceptions are the engine's leaf modules (the JSON rules, the step limits, number
        // text, the settings and levers' tables, the cached parts' declarations, the slicing of
        // long work, the words for a method's counted and timed cost, the heat strip's levels): they import nothing else,
        // so no engine code follows.
        const leaf = SHARED_LEAVES.some((name) => m[3].endsWith(`/engine/${name}`));
        if (!leaf) offenders.push(`${file}: ${m[0].split('\n')[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the leaf modules it shares import nothing at run time but each other', () => {
    for (const name of SHARED_LEAVES) {
      const text = readFileSync(fileURLToPath(new URL(`../../engine/${name}`, import.meta.url)), 'utf8');
      for (const m of text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)) {
        if (m[1]) continue;
        const target = join(name, '..', m[2]).replace(/^\.\//, '');
        expect(SHARED_LEAVES, `${name} imports ${m[2]}`).toContain(target);
      }
    }
  });

  it('evaluates nothing: no eval, no new Function', () => {
    for (const file of sources(APP)) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/\beval\s*\(|new\s+Function\s*\(/);
    }
  });
});

/**
 * Imports go down, never sideways between features: what the lesson, practice and the lab's
 * sections share lives in app/ui/ (the shared layer) or below it.
 */
const LAYER_RULES: readonly { from: string; to: string; except?: string; unless?: string; why: string }[] = [
  { from: 'workers/', to: 'app/', why: 'a worker takes pure types and tables from the engine, never from the page' },
  { from: 'app/state/', to: 'app/', except: 'app/state/', why: 'the core: it loops over the feature registry (app/shell/features.ts) and names no feature' },
  { from: 'app/ui/', to: 'app/', except: 'app/ui/', why: 'the shared layer: every feature may use it, so it uses no feature, nor the store or the shell' },
  { from: 'app/lesson/', to: 'app/sections/', why: 'a chapter draws with the shared layer, not with a section of the lab' },
  { from: 'app/practice/', to: 'app/sections/', why: 'practice draws with the shared layer, not with a section of the lab' },
  { from: 'app/practice/', to: 'app/lesson/', why: 'what practice shares with the lesson lives in app/ui/' },
  { from: 'app/sections/', to: 'app/lab/', why: "a section's legends and charts come from app/ui/, not from the lab's panels" },
  { from: 'app/lab/', to: 'app/sections/', why: "the lab loads each section's part of a link through its record (hash.load), never by name" },
  {
    from: 'app/shell/',
    to: 'app/sections/',
    unless: 'app/shell/features.ts',
    why: 'the page draws the sections the registry lists (their records\' section), so a new section is its folder and one line there',
  },
  { from: 'app/shell/App.tsx', to: 'app/lesson/', why: 'the page draws the lesson through its record (page), as it would any page of its own' },
  { from: 'app/shell/App.tsx', to: 'app/practice/', why: 'the page draws practice through its record (page), as it would any page of its own' },
];

/** Every relative import of a source (static, dynamic, type-only or a stylesheet), as a path from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...[...text.matchAll(/^\s*(?:import|export)\b[^;'"]*?(?:from\s+)?'(\.{1,2}\/[^']+)'/gm)].map((m) => m[1]),
    ...[...text.matchAll(/\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)].map((m) => m[1]),
  ];
  return specifiers.map((s) => relative(ROOT, resolve(dirname(file), s)).split('\\').join('/'));
}

/** The imports of app/ and workers/ that break a layer rule, as "importer -> imported". */
function layerViolations(): string[] {
  const found: string[] = [];
  for (const file of [...sources(APP), ...sources(WORKERS)]) {
    const from = relative(ROOT, file).split('\\').join('/');
    for (const to of importsOf(file)) {
      const broken = LAYER_RULES.some(
        (r) => from.startsWith(r.from) && to.startsWith(r.to) && !(r.except && to.startsWith(r.except)) && r.unless !== from,
      );
      if (broken) found.push(`${from} -> ${to}`);
    }
  }
  return found;
}

describe('the layers', () => {
  it('imports go down: workers/ nothing of app/, app/state/ nothing of the features, app/ui/ nothing else of app/, lesson and practice nothing of the sections, practice nothing of the lesson, the sections nothing of the lab; the lab and the shell reach the sections, the lesson and practice only through the registry', () => {
    const broken = layerViolations();
    expect(broken, LAYER_RULES.map((r) => `${r.from} must not import ${r.to}: ${r.why}`).join('\n')).toEqual([]);
  });
});

describe('the stylesheets', () => {
  it('none is over 600 lines: each styles the component it sits beside', () => {
    const css = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return css(path);
        return name.endsWith('.css') ? [path] : [];
      });
    const files = css(APP);
    expect(files.length).toBeGreaterThan(10);
    const long = files.map((f) => [relative(ROOT, f), readFileSync(f, 'utf8').split('\n').length - 1] as const).filter(([, lines]) => lines > 600);
    expect(long).toEqual([]);
  });
});
