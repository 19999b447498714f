import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { PAUSE_MESSAGE, PRECACHE_MESSAGE } from '../../app/shell/offline/messages.ts';
import { giveWayToReader, pageDone, QUIET_MS, READY_FALLBACK_MS, registerOffline } from '../../app/shell/offline/register.ts';
import { READY_MARK } from '../../app/state/perf/updateTiming.ts';
import { serviceWorkerSource } from '../../scripts/vite/precache.ts';

const TEMPLATE = readFileSync(new URL('../../scripts/vite/sw-template.js', import.meta.url), 'utf8');

type Listener = (event: unknown) => void;

/** The generated service worker run in a sandbox with stand-ins for its globals; timers fire by hand. */
function startWorker() {
  const listeners = new Map<string, Listener[]>();
  const stored: string[] = [];
  const timers: { ms: number; run: () => void }[] = [];
  let skipped = 0;
  const self = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    skipWaiting: () => {
      skipped += 1;
      return Promise.resolve();
    },
    location: { origin: 'https://lab.example' },
    registration: { scope: 'https://lab.example/' },
  };
  const caches = {
    open: async () => ({
      add: async (request: { path: string }) => void stored.push(request.path),
      match: async (path: string) => (stored.includes(path) ? {} : undefined),
    }),
  };
  class Request {
    constructor(readonly path: string) {}
  }
  const source = serviceWorkerSource(TEMPLATE, 'tape-lab-test', ['index.html', 'assets/a.js']);
  runInNewContext(source, { self, caches, Request, setTimeout: (run: () => void, ms: number) => timers.push({ ms, run }), clearTimeout: () => {} });
  const dispatch = (type: string, event: object) => listeners.get(type)?.forEach((l) => l(event));
  return {
    install() {
      let done: Promise<unknown> = Promise.resolve();
      dispatch('install', { waitUntil: (p: Promise<unknown>) => (done = p) });
      return done;
    },
    message: (data: unknown) => dispatch('message', { data }),
    timers,
    stored,
    skipped: () => skipped,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the service worker stores the built files while the page says go', () => {
  it('the generated source carries the page’s messages', () => {
    expect(serviceWorkerSource(TEMPLATE, 'c', [])).toContain(`const PRECACHE_MESSAGE = ${JSON.stringify(PRECACHE_MESSAGE)};`);
    expect(serviceWorkerSource(TEMPLATE, 'c', [])).toContain(`const PAUSE_MESSAGE = ${JSON.stringify(PAUSE_MESSAGE)};`);
    expect(serviceWorkerSource(TEMPLATE, 'c', [])).not.toContain('__');
  });

  it('installs only after the page says it is done, then stores every file and takes over', async () => {
    const worker = startWorker();
    const installed = worker.install();
    await settle();
    expect(worker.stored).toEqual([]);
    worker.message('something else');
    await settle();
    expect(worker.stored).toEqual([]);
    worker.message(PRECACHE_MESSAGE);
    await installed;
    expect(worker.stored).toEqual(['./', './index.html', './assets/a.js']);
    expect(worker.skipped()).toBe(1);
  });

  it('stops storing between files when the page says its reader is busy, and goes on when told', async () => {
    const worker = startWorker();
    const installed = worker.install();
    worker.message(PRECACHE_MESSAGE);
    worker.message(PAUSE_MESSAGE);
    await settle();
    // The file under way when the pause came is finished; no other is started.
    expect(worker.stored.length).toBeLessThan(3);
    const before = worker.stored.length;
    await settle();
    expect(worker.stored).toHaveLength(before);
    expect(worker.skipped()).toBe(0);
    worker.message(PRECACHE_MESSAGE);
    await installed;
    expect(worker.stored).toEqual(['./', './index.html', './assets/a.js']);
  });

  it('a message that comes before the install counts too', async () => {
    const worker = startWorker();
    worker.message(PRECACHE_MESSAGE);
    await worker.install();
    expect(worker.stored).toHaveLength(3);
  });

  it('a page that never says so gets the files stored after the fallback wait', async () => {
    const worker = startWorker();
    const installed = worker.install();
    await settle();
    expect(worker.stored).toEqual([]);
    const fallback = worker.timers.find((t) => t.ms >= 5000);
    expect(fallback).toBeDefined();
    fallback!.run();
    // Once the wait is over, a busy reader no longer holds the files back.
    worker.message(PAUSE_MESSAGE);
    await installed;
    expect(worker.stored).toHaveLength(3);
  });
});

describe('the page tells its installing service worker when to store the files', () => {
  it('registers at once and says go only once the page is done', async () => {
    vi.stubEnv('PROD', true);
    try {
      const posted: unknown[] = [];
      let registered = 0;
      const installing = { postMessage: (m: unknown) => posted.push(m), addEventListener: () => {} };
      const registration = { installing, waiting: null, addEventListener: () => {} };
      const host = {
        addEventListener: () => {},
        removeEventListener: () => {},
        location: { protocol: 'https:' },
        navigator: {
          serviceWorker: {
            register: async () => {
              registered += 1;
              return registration;
            },
          },
        },
      } as unknown as Window;
      let done!: () => void;
      const pageDone = new Promise<void>((resolve) => (done = resolve));
      registerOffline(host, () => pageDone);
      await settle();
      expect(registered).toBe(1);
      expect(posted).toEqual([]);
      done();
      await settle();
      expect(posted).toEqual([PRECACHE_MESSAGE]);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('says go after a quiet spell, pauses at the reader’s next input and goes again once it is quiet', async () => {
    vi.useFakeTimers();
    try {
      // The window, with its listeners called by hand: `fire` can give an event another target.
      const listeners = new Map<string, EventListener>();
      const host = {
        addEventListener: (type: string, listener: EventListener) => listeners.set(type, listener),
        removeEventListener: (type: string) => listeners.delete(type),
        dispatchEvent: (event: Event) => void listeners.get(event.type)?.(event),
      } as unknown as Window;
      const fire = (type: string, target: object) => listeners.get(type)?.({ type, target } as unknown as Event);
      const posted: string[] = [];
      let done!: () => void;
      const stop = giveWayToReader(host, (m) => posted.push(m), new Promise<void>((resolve) => (done = resolve)));
      // A drag before the page is done puts off the go until a quiet spell after it.
      host.dispatchEvent(new Event('pointerdown'));
      host.dispatchEvent(new Event('pointerup'));
      done();
      await vi.advanceTimersByTimeAsync(QUIET_MS / 2);
      expect(posted).toEqual([]);
      await vi.advanceTimersByTimeAsync(QUIET_MS);
      expect(posted).toEqual([PRECACHE_MESSAGE]);
      // The reader's next key or drag pauses it at once; each further input only moves the go on.
      host.dispatchEvent(new Event('keydown'));
      expect(posted).toEqual([PRECACHE_MESSAGE, PAUSE_MESSAGE]);
      await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
      host.dispatchEvent(new Event('wheel'));
      await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
      expect(posted).toEqual([PRECACHE_MESSAGE, PAUSE_MESSAGE]);
      await vi.advanceTimersByTimeAsync(200);
      expect(posted).toEqual([PRECACHE_MESSAGE, PAUSE_MESSAGE, PRECACHE_MESSAGE]);
      // A drag is busy from press to release, however long it lasts.
      host.dispatchEvent(new Event('pointerdown'));
      expect(posted.at(-1)).toBe(PAUSE_MESSAGE);
      await vi.advanceTimersByTimeAsync(4 * QUIET_MS);
      expect(posted.at(-1)).toBe(PAUSE_MESSAGE);
      host.dispatchEvent(new Event('pointerup'));
      await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
      expect(posted.at(-1)).toBe(PAUSE_MESSAGE);
      await vi.advanceTimersByTimeAsync(200);
      expect(posted.at(-1)).toBe(PRECACHE_MESSAGE);
      expect(posted).toHaveLength(5);
      // A press whose release the page never sees (a context menu, another window) is let go on
      // the window's blur; the blur of a control that the press took focus from is not enough.
      host.dispatchEvent(new Event('pointerdown'));
      fire('blur', { control: true });
      await vi.advanceTimersByTimeAsync(QUIET_MS + 100);
      expect(posted.slice(5)).toEqual([PAUSE_MESSAGE]);
      fire('blur', host);
      await vi.advanceTimersByTimeAsync(QUIET_MS + 100);
      expect(posted.slice(5)).toEqual([PAUSE_MESSAGE, PRECACHE_MESSAGE]);
      // A scroll pauses it too.
      host.dispatchEvent(new Event('scroll'));
      expect(posted.at(-1)).toBe(PAUSE_MESSAGE);
      await vi.advanceTimersByTimeAsync(QUIET_MS + 100);
      expect(posted).toHaveLength(9);
      // Once stopped (the worker has installed), inputs say nothing.
      stop();
      host.dispatchEvent(new Event('pointerdown'));
      await vi.advanceTimersByTimeAsync(2 * QUIET_MS);
      expect(posted).toHaveLength(9);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the page is done', () => {
  // Only the fallback's timer is faked: it fires only when the test moves the clock, so a page
  // that is done without the clock moving was done by its mark.
  it('once it marks its first report painted, without waiting for the fallback', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      performance.mark(READY_MARK);
      const done = pageDone();
      expect(vi.getTimerCount()).toBe(1);
      await done;
      // The mark settled it and cleared the fallback.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
      performance.clearMarks(READY_MARK);
    }
  });

  it('without the mark, at the fallback and not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let done = false;
      void pageDone().then(() => (done = true));
      await vi.advanceTimersByTimeAsync(READY_FALLBACK_MS - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
