/**
 * What a page tells its installing service worker (scripts/vite/sw-template.js): its first figures
 * are on screen and it is idle, so the worker may now store the built files.
 */
export const PRECACHE_MESSAGE = 'tape-lab:store-files';
