import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

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

/** The built app served by scripts/serve.mjs on a free port. */
export interface Served {
  url: string;
  origin: string;
  stop(): Promise<void>;
}

export function serveDist(): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['scripts/serve.mjs'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timeout = setTimeout(() => reject(new Error(`serve.mjs did not start: ${err}`)), 15_000);
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
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timeout);
      if (!out.includes('http://')) reject(new Error(`serve.mjs exited with ${code}: ${err}`));
    });
  });
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/** The server and the browser one test file shares. */
export interface SharedBrowser {
  served: Served;
  browser: Browser;
  /**
   * A fresh context (its own storage), without the service worker unless `serviceWorkers: 'allow'`:
   * once the page is done and its reader quiet, the worker stores every built file, about half a
   * second of the two cores that a test of something else would wait behind. The tests of offline use, of the
   * worker's start page and of the page's requests and console allow it.
   */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * Starts one server over dist/ and one Chromium for the calling test file before its tests and
 * stops them after; the fields are set once `beforeAll` has run.
 */
export function sharedBrowser(): SharedBrowser {
  const env = {
    context: (options = {}) => env.browser.newContext({ serviceWorkers: 'block', ...options }),
  } as SharedBrowser;
  beforeAll(async () => {
    env.served = await serveDist();
    env.browser = await launch();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.served?.stop();
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
