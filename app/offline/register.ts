/**
 * Registers the service worker that the build writes (dist/sw.js), so that after one visit the
 * lab loads and works with the network off. Only in a built app served over http(s): the dev
 * server has no sw.js, and a file:// page cannot have a service worker.
 *
 * At once, not once the page is idle: waiting took a core back from the first frames on a first
 * visit, but a reader who went offline in that wait got a failed fetch of sw.js (and an error in
 * the console), and the browser test "keeps working offline once loaded" caught it 1 time in 4.
 */
export function registerOffline(host: Window = window): void {
  if (!import.meta.env.PROD) return;
  if (!('serviceWorker' in host.navigator)) return;
  if (host.location.protocol !== 'https:' && host.location.protocol !== 'http:') return;
  host.navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(() => {
    // Offline use is a bonus: without it (private mode, a host that forbids it) the lab still works.
  });
}
