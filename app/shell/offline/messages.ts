/**
 * What a page tells its installing service worker (scripts/vite/sw-template.js): its first figures
 * are on screen, it is idle and its reader is not busy, so the worker may store the built files.
 */
export const PRECACHE_MESSAGE = 'tape-lab:store-files';

/** What a page tells its installing service worker when its reader gets busy: stop storing for now. */
export const PAUSE_MESSAGE = 'tape-lab:reader-busy';
