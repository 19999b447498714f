import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { wait } from './patience.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The flags the browser tests run Chromium with: no sandbox (containers), no network chatter. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The system Chromium (scripts/ensure-chromium.mjs makes sure there is one). */
export function chromiumPath(): string {
  const override = process.env.CHROMIUM_PATH;
  const found = spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' });
  for (const path of [override, found.stdout.trim(), '/usr/bin/chromium']) {
    if (!path) continue;
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // try the next one
    }
  }
  throw new Error('Chromium not found: run `node scripts/ensure-chromium.mjs` or set CHROMIUM_PATH');
}

/** The built app served on a free port of 127.0.0.1. */
export interface Served {
  url: string;
  origin: string;
  stop(): Promise<void>;
}

/**
 * How dist/ is served: `preview` is `npm start`'s way, vite preview (it answers with `Vary:
 * Origin`, like many static hosts and CDNs); `plain` is scripts/serve.mjs, a host that answers with
 * `Vary: Accept-Encoding`. The offline tests run behind both.
 */
export type Host = 'preview' | 'plain';

const HOST_COMMANDS: Record<Host, string[]> = {
  preview: [fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url)), 'preview'],
  plain: ['scripts/serve.mjs'],
};

export function serveDist(host: Host = 'preview'): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, HOST_COMMANDS[host], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timeout = setTimeout(() => reject(new Error(`the ${host} server did not start: ${err}`)), 60_000);
    // A server the worker still holds when it exits goes with it.
    const stopOnExit = () => child.kill('SIGTERM');
    process.once('exit', stopOnExit);
    child.once('exit', () => process.off('exit', stopOnExit));
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = out.match(/http:\/\/[^\s]+/);
      if (!m) return;
      clearTimeout(timeout);
      const url = m[0].replace('localhost', '127.0.0.1');
      resolve({
        url,
        origin: new URL(url).origin,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timeout);
      if (!out.includes('http://')) reject(new Error(`the ${host} server exited with ${code}: ${err}`));
    });
  });
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/** What a page is opened with in the shared context (the rest of a context's options need a context of their own). */
export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark' | null;
  reducedMotion?: 'reduce' | 'no-preference' | null;
  /** Left open after the test, for a page the file's tests take turns with (closed after the file). */
  keep?: boolean;
}

/** The server, the browser and the pages a test file uses. */
export interface SharedBrowser {
  /** The stage's server (test/e2e/globalSetup.ts starts and stops it). */
  served: Pick<Served, 'url' | 'origin'>;
  browser: Browser;
  /**
   * A fresh context (its own storage), without the service worker unless `serviceWorkers: 'allow'`:
   * once the page is done and its reader quiet, the worker stores every built file, about half a
   * second of the two cores that a test of something else would wait behind. The tests of offline
   * use, of the worker's start page and of the page's requests and console allow it. For a test
   * that goes offline, grants a permission, adds a script to every page or needs the service
   * worker (closed after the file); any other test takes `page()`.
   */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * A new page, recording its errors and requests off the origin (`openPage`), in the one context
   * the worker's tests share, with the storage emptied first; it is closed after the test. Why not a
   * context each: a new context starts a new renderer process, about 1.2 s of a core of the 2.5 s
   * a first load of the lab costs (measured with /proc/stat, 2026-12-03). In the shared context a
   * page at the origin (`icon.svg`) stays open, so every test's page joins its warm process.
   * (Opened in the shared context, a page is sized with `setViewportSize` and its system theme and
   * motion set with `emulateMedia`, as a context would have.)
   */
  page(options?: PageOptions): Promise<{ page: Page; watch: Watch }>;
}

/**
 * The Chromium of this test worker, and the context its tests' pages share. The first file a
 * worker runs starts them; every later file of that worker uses them (the browser project shares
 * one module graph among a worker's files: vitest.config.ts). Starting them for each file cost
 * about 2.5 s of a core a file: a server, a browser and its first renderer process. Playwright
 * closes the browser when the worker exits; the server is the stage's own (globalSetup.ts).
 */
let started: Promise<Browser> | null = null;
let shared: Promise<{ context: BrowserContext; anchor: Page }> | null = null;

/**
 * The server over dist/ and the Chromium the calling test file uses (the browser started before
 * its first test if this worker has none yet); the fields are set once `beforeAll` has run. After
 * each test the pages it left open in the shared context are closed; after the file, its kept
 * pages and the contexts of its own.
 */
export function sharedBrowser(): SharedBrowser {
  const kept = new Set<Page>();
  const sharedContext = () =>
    (shared ??= (async () => {
      const context = await env.browser.newContext({ serviceWorkers: 'block' });
      // Closed by a test (page.context().close()) or with the browser: the next page makes another.
      context.on('close', () => (shared = null));
      const anchor = await context.newPage();
      await anchor.goto(`${env.served.url}icon.svg`);
      return { context, anchor };
    })());
  const closeAllBut = async (keep: (page: Page) => boolean) => {
    if (!shared) return;
    const { context, anchor } = await shared;
    const left = context.pages().filter((page) => page !== anchor && !keep(page));
    await Promise.all(left.map((page) => page.close().catch(() => undefined)));
  };
  const env: SharedBrowser = {
    context: (options = {}) => env.browser.newContext({ serviceWorkers: 'block', ...options }),
    async page({ viewport = { width: 1366, height: 768 }, colorScheme = null, reducedMotion = null, keep = false } = {}) {
      const { context, anchor } = await sharedContext();
      // What the app keeps between visits (the theme, practice progress, the talk timer) lives in localStorage.
      await anchor.evaluate(() => localStorage.clear());
      await context.clearCookies();
      const result = await openPage(context, env.served.origin);
      if (keep) kept.add(result.page);
      await result.page.setViewportSize(viewport);
      await result.page.emulateMedia({ colorScheme, reducedMotion });
      return result;
    },
  } as SharedBrowser;
  beforeAll(async () => {
    env.served = inject('served');
    env.browser = await (started ??= launch());
  });
  // Every page of the shared context the test left open, those the app opened (a notes window) too.
  afterEach(() => closeAllBut((page) => kept.has(page)));
  // And the file's kept pages, and the contexts it made of its own.
  afterAll(async () => {
    await closeAllBut(() => false);
    const { context } = shared ? await shared : { context: null };
    await Promise.all(env.browser.contexts().filter((c) => c !== context).map((c) => c.close().catch(() => undefined)));
  });
  return env;
}

/** What a page did that a test may object to: console errors and requests off its origin. */
export interface Watch {
  errors: string[];
  offOrigin: string[];
}

/** Opens a page that records console errors, page errors and every request off `origin`. */
export async function openPage(
  context: BrowserContext,
  origin: string,
): Promise<{ page: Page; watch: Watch }> {
  const page = await context.newPage();
  // Playwright's own 30 s, scaled with the load the harness measures when the page opens (patience.ts).
  page.setDefaultTimeout(wait(30_000));
  page.setDefaultNavigationTimeout(wait(30_000));
  const watch: Watch = { errors: [], offOrigin: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') watch.errors.push(msg.text());
  });
  page.on('pageerror', (error) => watch.errors.push(String(error)));
  page.on('request', (req) => {
    const url = req.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) watch.offOrigin.push(url);
  });
  return { page, watch };
}

/** Waits until the worker's report is on screen: every panel has drawn its chart. */
export async function waitForCharts(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const sections = [...document.querySelectorAll('main section')];
    return sections.length === 5 && sections.every((s) => s.querySelector('svg.chart'));
  });
  await page.waitForFunction(() => !document.querySelector('.progress.on'));
}
