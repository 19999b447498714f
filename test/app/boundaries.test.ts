import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const APP = fileURLToPath(new URL('../../app', import.meta.url));
const WORKERS = fileURLToPath(new URL('../../workers', import.meta.url));

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
