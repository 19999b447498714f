import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineServiceWorker } from '../../scripts/vite/offline-plugin.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A finished build's output: the page and one asset. */
function fakeBuild(dir: string) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Tape Lab</title>');
  writeFileSync(join(dir, 'assets', 'main-abc.js'), 'console.log(1)');
}

/** Runs the plugin's two hooks as Vite does after a build. */
function runPlugin(root: string, outDir: string) {
  const plugin = offlineServiceWorker();
  (plugin.configResolved as (c: ResolvedConfig) => void)({ root, build: { outDir } } as ResolvedConfig);
  (plugin.closeBundle as () => void)();
}

describe('the offline plugin', () => {
  it('writes sw.js into an output folder given relative to the root', () => {
    const root = mkdtempSync(join(tmpdir(), 'tape-lab-root-'));
    made.push(root);
    fakeBuild(join(root, 'dist'));
    runPlugin(root, 'dist');
    const sw = readFileSync(join(root, 'dist', 'sw.js'), 'utf8');
    expect(sw).toContain('"./assets/main-abc.js"');
    expect(sw).toContain('"./index.html"');
  });

  it('writes sw.js into an absolute --outDir, not a folder of that name under the root', () => {
    const root = mkdtempSync(join(tmpdir(), 'tape-lab-root-'));
    const out = mkdtempSync(join(tmpdir(), 'tape-lab-out-'));
    made.push(root, out);
    fakeBuild(out);
    runPlugin(root, out);
    expect(existsSync(join(out, 'sw.js'))).toBe(true);
    expect(readFileSync(join(out, 'sw.js'), 'utf8')).toContain('"./assets/main-abc.js"');
    expect(existsSync(join(root, out))).toBe(false);
  });
});
