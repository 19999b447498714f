import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { SERVICE_WORKER_FILE, cacheName, precacheList, serviceWorkerSource } from './precache.ts';

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/**
 * After the build, writes dist/sw.js: a small service worker (no dependency) that stores every
 * built file, listed from the build output itself, so the lab works offline after one visit.
 */
export function offlineServiceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'tape-lab-offline',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      // resolve, not join: `--outDir /absolute/path` names a folder of its own, not one under the root.
      const outDir = resolve(config.root, config.build.outDir);
      const all = walk(outDir).map((full) => relative(outDir, full).split(sep).join('/'));
      const files = precacheList(all);
      const cache = cacheName(files.map((path) => ({ path, bytes: readFileSync(join(outDir, path)) })));
      const template = readFileSync(new URL('./sw-template.js', import.meta.url), 'utf8');
      writeFileSync(join(outDir, SERVICE_WORKER_FILE), serviceWorkerSource(template, cache, files));
    },
  };
}
