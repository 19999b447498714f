import { whenIdle } from '../../workers/channel/whenIdle.ts';
import { READY_MARK } from '../perf/updateTiming.ts';
import { PRECACHE_MESSAGE } from './messages.ts';

/** A page that never leaves the ready mark (the lesson, a failed first run) is taken as done after this long. */
export const READY_FALLBACK_MS = 6000;

/**
 * Resolves once the page's first figures are painted and its main thread is idle: after the
 * `lab:ready` mark (READY_MARK), or `READY_FALLBACK_MS` after this call if it never comes.
 */
export function pageDone(): Promise<void> {
  return new Promise<void>((resolve) => {
    const marked = (list: PerformanceObserverEntryList) => {
      if (list.getEntriesByName(READY_MARK).length > 0) done();
    };
    const observer = typeof PerformanceObserver === 'function' ? new PerformanceObserver(marked) : null;
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      observer?.disconnect();
      clearTimeout(timer);
      void whenIdle(2000).then(resolve);
    };
    const timer = setTimeout(done, READY_FALLBACK_MS);
    observer?.observe({ type: 'mark', buffered: true });
  });
}

/**
 * Registers the service worker that the build writes (dist/sw.js), so that after one visit the
 * lab loads and works with the network off. Only in a built app served over http(s): the dev
 * server has no sw.js, and a file:// page cannot have a service worker.
 *
 * Registered at once: a reader who went offline before a deferred registration got a failed fetch
 * of sw.js (and an error in the console). But the worker stores the built files only when the
 * page says it is done (`pageDone`): storing them at once took a core from the first frames.
 */
export function registerOffline(host: Window = window, whenDone: () => Promise<void> = pageDone): void {
  if (!import.meta.env.PROD) return;
  if (!('serviceWorker' in host.navigator)) return;
  if (host.location.protocol !== 'https:' && host.location.protocol !== 'http:') return;
  const done = whenDone();
  host.navigator.serviceWorker
    .register('./sw.js', { scope: './' })
    .then((registration) => {
      const ask = (worker: ServiceWorker | null) => worker?.postMessage(PRECACHE_MESSAGE);
      // A newer build found later (an update while the tab is open) is asked too.
      registration.addEventListener('updatefound', () => void done.then(() => ask(registration.installing)));
      return done.then(() => ask(registration.installing ?? registration.waiting));
    })
    .catch(() => {
      // Offline use is a bonus: without it (private mode, a host that forbids it) the lab still works.
    });
}
