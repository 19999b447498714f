/**
 * Registers the service worker that the build writes (dist/sw.js), so that after one visit the
 * lab loads and works with the network off. Only in a built app served over http(s): the dev
 * server has no sw.js, and a file:// page cannot have a service worker.
 */
export function registerOffline(host: Window = window): void {
  if (!import.meta.env.PROD) return;
  if (!('serviceWorker' in host.navigator)) return;
  if (host.location.protocol !== 'https:' && host.location.protocol !== 'http:') return;
  host.navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(() => {
    // Offline use is a bonus: without it (private mode, a host that forbids it) the lab still works.
  });
}
