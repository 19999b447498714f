import { whenIdle } from '../../../engine/slicing.ts';
import { READY_MARK } from '../../state/perf/updateTiming.ts';
import { PAUSE_MESSAGE, PRECACHE_MESSAGE } from './messages.ts';

/** A page that never leaves the ready mark (the lesson, a failed first run) is taken as done after this long. */
export const READY_FALLBACK_MS = 6000;

/**
 * Resolves once the page's first figures are painted: at the `lab:ready` mark (READY_MARK), or
 * `READY_FALLBACK_MS` after this call if it never comes. (`giveWayToReader` waits for the main
 * thread to be idle before each go, so this does not.)
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
      resolve();
    };
    const timer = setTimeout(done, READY_FALLBACK_MS);
    observer?.observe({ type: 'mark', buffered: true });
  });
}

/** How long the reader must leave the page alone before the service worker stores files again. */
export const QUIET_MS = 1500;

/**
 * The reader's inputs that pause the storing: a press (busy until its release), a key, a scroll
 * (the wheel, a touch fling or a scrollbar drag). A press whose release the page never sees (a
 * context menu, another window, the tab hidden) is let go on `contextmenu`, `blur` and
 * `visibilitychange`.
 */
const BUSY_EVENTS = ['pointerdown', 'pointerup', 'pointercancel', 'contextmenu', 'blur', 'visibilitychange', 'keydown', 'wheel', 'scroll'] as const;

/**
 * Tells an installing service worker when to store the built files and when to stop, so that it
 * never takes a core from the reader's first drag: go once the page is `done`, the reader has
 * left it alone for QUIET_MS and the main thread is idle; pause at the reader's next drag, key or
 * scroll, and go again after the next quiet spell. A drag is busy from press to release however
 * long it lasts (its moves are not counted one by one). Returns a function that stops listening.
 */
export function giveWayToReader(host: Window, post: (message: string) => void, done: Promise<void>): () => void {
  let ready = false;
  let storing = false;
  let stopped = false;
  const pressed = new Set<number>();
  let lastInput = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    timer = undefined;
    const rest = pressed.size > 0 ? QUIET_MS : QUIET_MS - (Date.now() - lastInput);
    if (rest > 0) {
      timer = setTimeout(check, rest);
      return;
    }
    void whenIdle(2000).then(() => {
      // An input while waiting for idle has set its own timer.
      if (stopped || storing || pressed.size > 0 || Date.now() - lastInput < QUIET_MS) return;
      storing = true;
      post(PRECACHE_MESSAGE);
    });
  };
  const busy = (event: Event) => {
    const pointer = (event as PointerEvent).pointerId;
    if (event.type === 'pointerdown') pressed.add(pointer);
    else if (event.type === 'pointerup' || event.type === 'pointercancel') pressed.delete(pointer);
    // The window's own blur only: a press moves focus, and the control it leaves blurs too.
    else if (event.type === 'contextmenu' || event.type === 'visibilitychange' || (event.type === 'blur' && event.target === host)) pressed.clear();
    lastInput = Date.now();
    if (storing) {
      storing = false;
      post(PAUSE_MESSAGE);
    }
    if (ready && timer === undefined) timer = setTimeout(check, QUIET_MS);
  };
  for (const type of BUSY_EVENTS) host.addEventListener(type, busy, { capture: true, passive: true });
  void done.then(() => {
    ready = true;
    if (!stopped && timer === undefined) check();
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const type of BUSY_EVENTS) host.removeEventListener(type, busy, { capture: true });
  };
}

/**
 * Registers the service worker that the build writes (dist/sw.js), so that after one visit the
 * lab loads and works with the network off. Only in a built app served over http(s): the dev
 * server has no sw.js, and a file:// page cannot have a service worker.
 *
 * Registered at once: a reader who went offline before a deferred registration got a failed fetch
 * of sw.js (and an error in the console). But the worker stores the built files only while the
 * page says go (`giveWayToReader`): storing them at once took a core from the first frames, and
 * storing them as soon as the page was done took one from the reader's first drag.
 */
export function registerOffline(host: Window = window, whenDone: () => Promise<void> = pageDone): void {
  if (!import.meta.env.PROD) return;
  if (!('serviceWorker' in host.navigator)) return;
  if (host.location.protocol !== 'https:' && host.location.protocol !== 'http:') return;
  const done = whenDone();
  const guided = new WeakSet<ServiceWorker>();
  const guide = (worker: ServiceWorker | null) => {
    if (!worker || guided.has(worker)) return;
    guided.add(worker);
    const stop = giveWayToReader(host, (message) => worker.postMessage(message), done);
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installing') stop();
    });
  };
  host.navigator.serviceWorker
    .register('./sw.js', { scope: './' })
    .then((registration) => {
      // A newer build found later (an update while the tab is open) is guided too.
      registration.addEventListener('updatefound', () => guide(registration.installing));
      guide(registration.installing);
    })
    .catch(() => {
      // Offline use is a bonus: without it (private mode, a host that forbids it) the lab still works.
    });
}
