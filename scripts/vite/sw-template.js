// Tape Lab's service worker, generated at build time by scripts/vite/offline-plugin.ts: after
// the first visit the lab loads and runs with the network off. It stores every built file on
// install, one at a time, while the page says its reader is not busy; the page is fetched
// network-first (so a new build is seen at once) and falls back to the stored index.html, which
// only the page itself ever replaces; everything else of this origin is served from the store first.
const CACHE = __CACHE_NAME__;
const PRECACHE = __PRECACHE__;
const NAVIGATION_TIMEOUT_MS = 4000;
/** The message a page sends once its first figures are on screen and its reader is not busy. */
const PRECACHE_MESSAGE = __PRECACHE_MESSAGE__;
/** The message a page sends when its reader starts a drag, a key press or a scroll. */
const PAUSE_MESSAGE = __PAUSE_MESSAGE__;
/**
 * Counted from the install's start: after this long the files are stored even if no page said go
 * (it was closed early, or its first run failed).
 */
const PRECACHE_WAIT_MS = 60000;
/**
 * How a stored file is found: by its path alone. A host that answers with `Vary: Origin` (vite
 * preview, many CDNs) or `Vary: Accept-Encoding` would otherwise tie each stored file to the
 * headers of the request that stored it: stored on install without an Origin, it would never match
 * the page's module request, which carries one, and the chapter would not load offline.
 */
const MATCH = { ignoreSearch: true, ignoreVary: true };

// Storing 60 files at once took the cores (the browser's network work and this worker) from the
// page: during its first frames on a first visit, and, once that waited for the page to be done,
// during the reader's first drag (on two cores, 10-13 long tasks across the bench's 12 drags
// instead of 1-3). So the files are stored one by one, only while the page says go.
let paused = true;
let forced = false;
let wake = null;

function go() {
  paused = false;
  if (wake) wake();
  wake = null;
}

self.addEventListener('message', (event) => {
  if (event.data === PRECACHE_MESSAGE) go();
  else if (event.data === PAUSE_MESSAGE && !forced) paused = true;
});

async function storeAll() {
  const cache = await caches.open(CACHE);
  for (const path of PRECACHE) {
    // A file stored by an earlier, failed install of this same build (the name is a hash of it) is kept.
    if (await cache.match(path, MATCH)) continue;
    while (paused) await new Promise((resolve) => (wake = resolve));
    await cache.add(new Request(path, { cache: 'reload' }));
  }
}

self.addEventListener('install', (event) => {
  setTimeout(() => {
    forced = true;
    go();
  }, PRECACHE_WAIT_MS);
  event.waitUntil(storeAll().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('tape-lab-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Whether a navigation is to the lab's own page (the scope's root or its index.html, whatever
 * the query): only that page is stored as the start page. Any other navigation (the manifest, the
 * icon, a mistyped path) is fetched as it is and never replaces it.
 */
function isStartPage(url) {
  const root = new URL(self.registration.scope).pathname;
  return url.pathname === root || url.pathname === `${root}index.html`;
}

async function page(request) {
  const cache = await caches.open(CACHE);
  const startPage = isStartPage(new URL(request.url));
  try {
    const response = await withTimeout(fetch(request), NAVIGATION_TIMEOUT_MS);
    const html = (response.headers.get('content-type') || '').startsWith('text/html');
    if (startPage && response.ok && response.type === 'basic' && html) await cache.put('./index.html', response.clone());
    return response;
  } catch {
    // Offline: the start page from the store, or another stored file opened as a page.
    const stored = startPage ? await cache.match('./index.html', MATCH) : await cache.match(request, MATCH);
    return stored || Response.error();
  }
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(request, MATCH);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  if (new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(request.mode === 'navigate' ? page(request) : asset(request));
});
