import { describe, expect, it } from 'vitest';
import { openPage, serveDist, sharedBrowser, waitForCharts } from './harness.ts';
import { wait } from './patience.ts';

const env = sharedBrowser();

/**
 * After one visit the lesson, every chapter of it, works with the server really stopped (not only
 * the emulated offline switch): the stored chapter chunks are served to the page, whatever the host
 * says its responses vary on.
 */
describe('the lesson offline', () => {
  // vite preview (`npm start`) answers with `Vary: Origin`; scripts/serve.mjs, a plain host, with
  // `Vary: Accept-Encoding`. Before the fix the stored chapters missed behind the first.
  for (const host of ['preview', 'plain'] as const) {
    it(`behind ${host === 'preview' ? 'vite preview' : 'a plain static host'}: after one visit, #lesson=tensors, fan-out and second-order, a practice problem and the lab open in new tabs with the server stopped`, async () => {
      const own = await serveDist(host);
      const context = await env.context({ viewport: { width: 1366, height: 900 }, serviceWorkers: 'allow' });
      const { page } = await openPage(context, own.origin);
      await page.goto(`${own.url}#steps=30`);
      await waitForCharts(page);
      await page.goto(`${own.url}#lesson=chain`);
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
      expect(stored.some((p) => /\/assets\/chapter-tensors-/.test(p)), stored.join(' ')).toBe(true);
      await own.stop();
      const unexpected = (errors: string[]) => errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(e));

      for (const hash of ['#lesson=tensors', '#lesson=fan-out', '#lesson=second-order']) {
        const tab = await openPage(context, own.origin);
        await tab.page.goto(`${own.url}${hash}`);
        await tab.page.waitForSelector('article h2', { timeout: wait(60_000) });
        expect(await tab.page.locator('article h2').textContent(), hash).not.toBe('');
        expect(await tab.page.getByRole('alert').count(), hash).toBe(0);
        // The chapter's live figure is answered by its worker, loaded from the store too.
        await tab.page.waitForFunction(() => !document.querySelector('.figure-waiting'), undefined, { timeout: wait(60_000) });
        expect(await tab.page.locator('.figure-error').count(), hash).toBe(0);
        expect(unexpected(tab.watch.errors), hash).toEqual([]);
        await tab.page.close();
      }
      // A practice problem: its chunk and its worker come from the store as well.
      const practice = await openPage(context, own.origin);
      await practice.page.goto(`${own.url}#practice=adjoints&level=2&seed=3`);
      await practice.page.getByRole('textbox', { name: /^adjoint of v\d+$/ }).first().waitFor({ timeout: wait(60_000) });
      expect(unexpected(practice.watch.errors)).toEqual([]);
      await practice.page.close();
      const lab = await openPage(context, own.origin);
      await lab.page.goto(`${own.url}#steps=30`);
      await waitForCharts(lab.page);
      expect(unexpected(lab.watch.errors)).toEqual([]);
      await context.close();
    });
  }
});
