import type { Page } from 'playwright-core';
import { waitForCharts, sharedBrowser, type PageOptions, type SharedBrowser } from './harness.ts';
import { scrollUntilInView } from './helpers.ts';
import { wait } from './patience.ts';

/** What the playground's and the tensor panel's browser tests share: one server and one browser a file, and the steps they repeat. */

export type Options = PageOptions;

export const PLAYGROUND = 'section.playground-panel';
export const TENSOR = 'section.tensor-panel';

export interface Kit {
  /** The server's URL. */
  url(): string;
  /** Opens the page at `hash` with the lab drawn. */
  open(hash?: string, options?: Options): ReturnType<SharedBrowser['page']>;
  /** Opens the page and brings the playground in, with its first result drawn. */
  openPlayground(hash?: string, options?: Options): ReturnType<SharedBrowser['page']>;
}

/** Starts the built app's server and Chromium for the calling test file, and stops them after it. */
export function startKit(): Kit {
  const env = sharedBrowser();
  const open = async (hash = '', options: Options = {}) => {
    const opened = await env.page(options);
    await opened.page.goto(`${env.served.url}${hash}`);
    await waitForCharts(opened.page);
    return opened;
  };
  return {
    url: () => env.served.url,
    open,
    async openPlayground(hash = '', options: Options = {}) {
      const opened = await open(hash, options);
      await scrollTo(opened.page, PLAYGROUND);
      // Attached first, then scrolled to: on a phone the table starts below the fold, where
      // content-visibility leaves it undrawn (hidden) until it comes near the screen.
      const table = opened.page.locator(`${PLAYGROUND} .grad-table`);
      await table.waitFor({ state: 'attached', timeout: wait(60_000) });
      await scrollUntilInView(opened.page, `${PLAYGROUND} .grad-table`, PLAYGROUND);
      await table.waitFor({ timeout: wait(60_000) });
      return opened;
    },
  };
}

/** Scrolls a section in under the sticky controls. */
export async function scrollTo(page: Page, selector: string) {
  await page.evaluate((sel) => {
    const section = document.querySelector(sel)!;
    const controls = document.querySelector('.controls')!;
    window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY - controls.getBoundingClientRect().height - 20);
  }, selector);
}

/** The playground's Expression field. */
export const field = (page: Page) => page.locator(PLAYGROUND).getByLabel('Expression', { exact: true });

/** The gradient table's cells of one variable's row: value, reverse, dual, central, h, two differences, overwritten. */
export async function row(page: Page, name: string): Promise<string[]> {
  return page.locator(`${PLAYGROUND} .grad-table tbody tr`, { has: page.locator(`th:text-is("${name}")`) }).locator('td').allTextContents();
}

/** Waits until the playground shows the result of `source`. */
export const showing = (page: Page, source: string) =>
  page.waitForFunction(
    ([sel, s]) => document.querySelector(`${sel} .pg-value code`)?.textContent === s,
    [PLAYGROUND, source] as const,
  );

export const hashOf = (page: Page) => page.evaluate(() => window.location.hash);
