import { describe, expect, it } from 'vitest';
import { axeViolations, drag, summarySays } from './helpers.ts';
import { openPage, serveDist, sharedBrowser, waitForCharts } from './harness.ts';
import { PLAYGROUND, scrollTo } from './playgroundKit.ts';

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
        { timeout: 60_000 },
      );
    await taped();
    // The run that follows a drag once it rests (the sweep, the frontier) brings a new report,
    // and the tape dims while it re-records for it: on a busy machine that lands after the wait
    // above. Wait for the page to be done, then for the tape again.
    await waitForCharts(page);
    await taped();
    expect(await axeViolations(page)).toEqual([]);
    // The network is back: Retry imports the code again and the playground appears.
    await page.unroute(chunk);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await page.locator(`${PLAYGROUND} .grad-table`).waitFor();
    expect(await failed.count()).toBe(0);
    const unexpected = watch.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module|Playground-/.test(e));
    expect(unexpected).toEqual([]);
    await context.close();
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
      await page.goto(`${own.url}${path}`);
    }
    await own.stop();
    await context.setOffline(true);
    await page.goto(own.url);
    await waitForCharts(page);
    expect(await page.title()).toBe('Tape Lab — reverse-mode AD, computed live');
    await context.close();
  });
});
