import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Served } from './serve.ts';

export { CHROMIUM_ARGS, chromiumPath, launch, serveDist, type Served } from './serve.ts';

/** The server and the browser one test file uses. */
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
 * Connects the calling test file, before its tests, to the server over dist/ and the Chromium that
 * test/e2e/globalSetup.ts started once for the whole browser project (each file used to start its
 * own: two or three seconds of a busy machine's two cores each), and disconnects after them; the
 * fields are set once `beforeAll` has run. Each test still gets fresh contexts of its own.
 */
export function sharedBrowser(): SharedBrowser {
  const env = {
    context: (options = {}) => env.browser.newContext({ serviceWorkers: 'block', ...options }),
  } as SharedBrowser;
  beforeAll(async () => {
    const shared = inject('e2e');
    // The project's server: stopped by the global teardown, never by one file.
    env.served = { url: shared.url, origin: shared.origin, stop: async () => {} };
    env.browser = await chromium.connect(shared.wsEndpoint);
    mkdirSync('test-results', { recursive: true });
  });
  afterAll(async () => {
    // Of a connected browser, close() closes this file's contexts and disconnects.
    await env.browser?.close();
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
