import { describe, expect, it } from 'vitest';
import { axeViolations, drag, summarySays } from './helpers.ts';
import { openPage, serveDist, sharedBrowser, waitForCharts } from './harness.ts';
import { PLAYGROUND, scrollTo } from './playgroundKit.ts';
import { wait } from './patience.ts';

const env = sharedBrowser();

describe('a section whose code cannot load', () => {
  it('says so in one line and offers Retry; the rest of the page keeps working, and Retry loads it', async () => {
    // No service worker: it would answer from its store, and the point is a failed fetch.
    const context = await env.context({ viewport: { width: 1366, height: 900 } });
    const { page, watch } = await openPage(context, env.served.origin);
    const chunk = /\/assets\/Playground-[^/]*\.js$/;
    let aborted = 0;
    await page.route(chunk, (route) => {
      aborted += 1;
      return route.abort('internetdisconnected');
    });
    await page.goto(`${env.served.url}#steps=30`);
    await waitForCharts(page);
    await scrollTo(page, PLAYGROUND);
    const failed = page.locator(`${PLAYGROUND} .section-failed`);
    await failed.waitFor();
    expect(aborted).toBeGreaterThan(0);
    expect(await failed.locator('span').textContent()).toBe(
      'The code of “Your own expression” could not load; the network may be off. The rest of the page still works.',
    );
    // The page is still there: the sections' titles, and the sliders recompute.
    await waitForCharts(page);
    expect(await page.locator('section.tape-panel h2').textContent()).toBe('The tape');
    await drag(page, 'Chain steps', 70);
    await summarySays(page, 'P = 140');
    // The tape re-records for the new steps, dimmed meanwhile (a transient state, like a stale
    // chart): axe reads the page once it has.
    // (The tape of 70 steps: 2 + 14·70 + 3 = 985 nodes; one for a step passed over during the
    // drag may land first and be dimmed again at once.)
    const taped = () =>
      page.waitForFunction(
        () =>
          !document.querySelector('.tape-lab.loading') &&
          document.querySelector('section.tape-panel .tape-graph-svg')?.getAttribute('aria-label')?.includes(': 985 nodes'),
        null,
        { timeout: wait(60_000) },
      );
    await taped();
    // The run that follows a drag once it rests (the sweep, the frontier) brings a new report,
    // and the tape dims while it re-records for it: on a busy machine that lands after the wait
    // above. Wait for the page to be done, then for the tape again.
    await waitForCharts(page);
    await taped();
    expect(await axeViolations(page)).toEqual([]);
    // Still offline: Retry asks the server for the page first, and keeps the page as it is.
    const isPage = (url: URL) => url.href === env.served.url;
    await page.route(isPage, (route) => route.abort('internetdisconnected'));
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => failed.locator('span').textContent())
      .toBe('The code of “Your own expression” still cannot load: the network is off. The rest of the page still works.');
    await page.unroute(isPage);
    // The network is back: Retry reloads the page with the same settings, lands on the section and
    // loads it (this Chromium keeps a failed import(), so a second import would fail at once).
    await page.unroute(chunk);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await page.locator(`${PLAYGROUND} .grad-table`).waitFor();
    expect(await failed.count()).toBe(0);
    await summarySays(page, 'P = 140');
    expect(new URL(page.url()).hash).toMatch(/steps=70/);
    expect(new URL(page.url()).hash).not.toMatch(/go=/);
    const unexpected = watch.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module|Playground-/.test(e));
    expect(unexpected).toEqual([]);
    await context.close();
  });
});

describe('practice whose code cannot load', () => {
  it('says so, and one Retry once the network is back brings the same problem back', async () => {
    const { page } = await env.page({ viewport: { width: 1366, height: 768 } });
    let blocked = true;
    await page.route(/\/assets\/PracticePage-[^/]*\.js$/, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`${env.served.url}#practice=adjoints&level=2&seed=3`);
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toMatch(/The code of “practice” could not load; the network may be off/);
    blocked = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('textbox', { name: /^adjoint of v\d+$/ }).first().waitFor();
    expect(new URL(page.url()).hash).toMatch(/practice=adjoints/);
    expect(new URL(page.url()).hash).toMatch(/seed=3/);
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});

describe('the service worker', () => {
  it('stores only the page as its start page: other files opened as pages never replace it', async () => {
    const own = await serveDist();
    const context = await env.context({ viewport: { width: 1366, height: 900 }, serviceWorkers: 'allow' });
    const { page } = await openPage(context, own.origin);
    await page.goto(own.url);
    await waitForCharts(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
    });
    // Opened as pages, through the service worker: before the fix each was stored as index.html.
    for (const path of ['manifest.webmanifest', 'icon.svg', 'no-such-page']) {
      // vite preview answers a missing file with an empty 404, which Chromium reports as a failed navigation.
      await page.goto(`${own.url}${path}`).catch((error: Error) => {
        if (!error.message.includes('ERR_HTTP_RESPONSE_CODE_FAILURE')) throw error;
      });
    }
    await own.stop();
    await context.setOffline(true);
    await page.goto(own.url);
    await waitForCharts(page);
    expect(await page.title()).toBe('Tape Lab — reverse-mode AD, computed live');
    await context.close();
  });
});
