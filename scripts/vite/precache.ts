import { createHash } from 'node:crypto';
import { PAUSE_MESSAGE, PRECACHE_MESSAGE } from '../../app/shell/offline/messages.ts';

/** The service worker's own file name, next to index.html. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * Which built files the service worker stores on install, given every file under dist/ (paths
 * relative to it, with forward slashes). Everything the page can ask for, except source maps,
 * the service worker itself, and KaTeX's .woff and .ttf fonts: every browser with service
 * workers reads woff2, so the other two formats are never requested.
 */
export function precacheList(files: readonly string[]): string[] {
  return files
    .filter((f) => !f.endsWith('.map') && f !== SERVICE_WORKER_FILE)
    .filter((f) => !/\.(woff|ttf)$/.test(f))
    .sort();
}

/** A cache name that changes whenever any stored file does, so a new build replaces the old cache. */
export function cacheName(files: readonly { path: string; bytes: Uint8Array }[]): string {
  const hash = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    hash.update(f.path).update('\0').update(f.bytes).update('\0');
  }
  return `tape-lab-${hash.digest('hex').slice(0, 12)}`;
}

/**
 * The service worker's source: the template with the cache name, the file list and the messages
 * the page sends to start and pause the storing (app/shell/offline/register.ts) filled in.
 */
export function serviceWorkerSource(template: string, cache: string, files: readonly string[]): string {
  const list = JSON.stringify(['./', ...files.map((f) => `./${f}`)]);
  return template
    .replace('__CACHE_NAME__', JSON.stringify(cache))
    .replace('__PRECACHE__', list)
    .replace('__PRECACHE_MESSAGE__', JSON.stringify(PRECACHE_MESSAGE))
    .replace('__PAUSE_MESSAGE__', JSON.stringify(PAUSE_MESSAGE));
}
