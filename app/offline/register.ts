import { whenIdle } from '../../workers/channel/whenIdle.ts';

/**
 * Registers the service worker that the build writes (dist/sw.js), so that after one visit the
 * lab loads and works with the network off. Only in a built app served over http(s): the dev
 * server has no sw.js, and a file:// page cannot have a service worker.
 *
 * Not at once: on a first visit, installing it fetches and stores every file of the app, and on a
 * two-core machine that ran beside the page's own first script, render and layout, each of them
 * then taking longer than 200 ms. It waits for the page to load and the main thread to be idle.
 */
export function registerOffline(host: Window = window): void {
  if (!import.meta.env.PROD) return;
  if (!('serviceWorker' in host.navigator)) return;
  if (host.location.protocol !== 'https:' && host.location.protocol !== 'http:') return;
  const register = () =>
    void whenIdle(5000).then(() =>
      host.navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(() => {
        // Offline use is a bonus: without it (private mode, a host that forbids it) the lab still works.
      }),
    );
  if (host.document.readyState === 'complete') register();
  else host.addEventListener('load', register, { once: true });
}
