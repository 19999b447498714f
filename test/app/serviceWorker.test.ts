import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { PRECACHE_MESSAGE } from '../../app/offline/messages.ts';
import { pageDone, READY_FALLBACK_MS, registerOffline } from '../../app/offline/register.ts';
import { READY_MARK } from '../../app/perf/updateTiming.ts';
import { serviceWorkerSource } from '../../scripts/vite/precache.ts';

const TEMPLATE = readFileSync(new URL('../../scripts/vite/sw-template.js', import.meta.url), 'utf8');

type Listener = (event: unknown) => void;

/** The generated service worker run in a sandbox with stand-ins for its globals; timers fire by hand. */
function startWorker() {
  const listeners = new Map<string, Listener[]>();
  const stored: string[][] = [];
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
    open: async () => ({ addAll: async (requests: { path: string }[]) => void stored.push(requests.map((r) => r.path)) }),
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

describe('the service worker stores the built files once the page is done', () => {
  it('the generated source carries the page’s message', () => {
    expect(serviceWorkerSource(TEMPLATE, 'c', [])).toContain(`const PRECACHE_MESSAGE = ${JSON.stringify(PRECACHE_MESSAGE)};`);
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
    expect(worker.stored).toEqual([['./', './index.html', './assets/a.js']]);
    expect(worker.skipped()).toBe(1);
  });

  it('a message that comes before the install counts too', async () => {
    const worker = startWorker();
    worker.message(PRECACHE_MESSAGE);
    await worker.install();
    expect(worker.stored).toHaveLength(1);
  });

  it('a page that never says so gets the files stored after the fallback wait', async () => {
    const worker = startWorker();
    const installed = worker.install();
    await settle();
    expect(worker.stored).toEqual([]);
    const fallback = worker.timers.find((t) => t.ms >= 5000);
    expect(fallback).toBeDefined();
    fallback!.run();
    await installed;
    expect(worker.stored).toHaveLength(1);
  });
});

describe('the page asks its installing service worker to store the files once it is done', () => {
  it('registers at once and posts the message only once the page is done', async () => {
    vi.stubEnv('PROD', true);
    try {
      const posted: unknown[] = [];
      let registered = 0;
      const installing = { postMessage: (m: unknown) => posted.push(m) };
      const registration = { installing, waiting: null, addEventListener: () => {} };
      const host = {
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
});

describe('the page is done', () => {
  it('once it marks its first report painted, without waiting for the fallback', async () => {
    performance.mark(READY_MARK);
    const started = performance.now();
    await pageDone();
    expect(performance.now() - started).toBeLessThan(READY_FALLBACK_MS / 2);
    performance.clearMarks(READY_MARK);
  });
});
