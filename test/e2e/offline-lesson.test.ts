import { describe, expect, it } from 'vitest';
import { openPage, serveDist, sharedBrowser, waitForCharts } from './harness.ts';

const env = sharedBrowser();

/**
 * Issue 32: after one visit the lesson, every chapter of it, works with the server really stopped
 * (not only the emulated offline switch): the stored chapter chunks are served to the page.
 */
describe('the lesson offline', () => {
  it('after one visit to the lab and the lesson, #lesson=9, #lesson=3, a practice problem and the lab open in new tabs with the server stopped', async () => {
    const own = await serveDist();
    const context = await env.context({ viewport: { width: 1366, height: 900 }, serviceWorkers: 'allow' });
    const { page } = await openPage(context, own.origin);
    await page.goto(`${own.url}#steps=30`);
    await waitForCharts(page);
    await page.goto(`${own.url}#lesson=1`);
    await page.waitForSelector('article h2');
    // The worker is active only once its install has stored every built file.
    const stored = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith('tape-lab-'))!);
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    expect(stored.some((p) => /\/assets\/Chapter9-/.test(p)), stored.join(' ')).toBe(true);
    await own.stop();

    for (const hash of ['#lesson=9', '#lesson=3']) {
      const tab = await openPage(context, own.origin);
      await tab.page.goto(`${own.url}${hash}`);
      await tab.page.waitForSelector('article h2', { timeout: 60_000 });
      expect(await tab.page.locator('article h2').textContent(), hash).not.toBe('');
      // The chapter's live figure is answered by its worker, loaded from the store too.
      await tab.page.waitForFunction(() => !document.querySelector('.figure-waiting'), undefined, { timeout: 30_000 });
      expect(await tab.page.locator('.figure-error').count(), hash).toBe(0);
      expect(tab.watch.errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(e)), hash).toEqual([]);
      await tab.page.close();
    }
    // A practice problem: its chunk and its worker come from the store as well.
    const practice = await openPage(context, own.origin);
    await practice.page.goto(`${own.url}#practice=adjoints&seed=1`);
    await practice.page.getByRole('textbox', { name: /^adjoint of v\d+$/ }).first().waitFor({ timeout: 30_000 });
    expect(practice.watch.errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(e))).toEqual([]);
    await practice.page.close();
    const lab = await openPage(context, own.origin);
    await lab.page.goto(`${own.url}#steps=30`);
    await waitForCharts(lab.page);
    expect(lab.watch.errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });
});
