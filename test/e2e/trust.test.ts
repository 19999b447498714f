import { readdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evalUses } from '../app/evalScan.ts';
import { DEFAULT_HASH, drag, returnTo, summaryFigures, summarySays } from './helpers.ts';
import { openPage, waitForCharts, sharedBrowser } from './harness.ts';
import { junkHashes } from './junk.ts';
import { wait } from './patience.ts';

const env = sharedBrowser();

/** Records CSP violations in the page (an init script runs before the page's own scripts). */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = found;
    document.addEventListener('securitypolicyviolation', (e) => found.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

/** A fresh context (its own storage; the service worker only when asked) with every request recorded. */
async function fresh(options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await env.context({ viewport: { width: 1366, height: 900 }, ...options });
  await watchCsp(context);
  const requests: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  const { page, watch } = await openPage(context, env.served.origin);
  return { context, page, watch, requests };
}

describe('security', () => {
  it('serves a strict CSP as a header and a <meta>, and nothing violates it or leaves the origin', async () => {
    // With the service worker, whose requests are the page's too.
    const { context, page, watch, requests } = await fresh({ serviceWorkers: 'allow' });
    const response = await page.goto(env.served.url);
    const header = response?.headers()['content-security-policy'] ?? '';
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    for (const policy of [header, meta ?? '']) {
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("worker-src 'self'");
      expect(policy).toContain("default-src 'self'");
      expect(policy).not.toContain('unsafe-eval');
      expect(policy.match(/script-src[^;]*/)?.[0]).not.toContain('unsafe-inline');
    }
    await waitForCharts(page);
    // Exercise what might trip the policy: a PNG export (blob: image on a canvas), the theme, a long run.
    await page.getByLabel('Export: Work').click();
    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Work against steps (PNG, 2×)' }).click();
    await png;
    await page.getByLabel('Dark').check();
    await drag(page, 'Chain steps', 120);
    await summarySays(page, 'P = 240');
    await waitForCharts(page);
    expect(await cspViolations(page)).toEqual([]);
    expect(watch.errors).toEqual([]);
    const offOrigin = requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== env.served.origin);
    expect(offOrigin).toEqual([]);
    await context.close();
  });

  it('the built bundle runs no string as code', () => {
    const dir = 'dist/assets';
    const files = readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => `${dir}/${f}`);
    expect(files.length).toBeGreaterThan(1);
    expect(evalUses([...files, 'dist/sw.js'])).toEqual([]);
  });
});

describe('bad input', () => {
  // The junk-hash fuzz runs in Node through the lab's own wiring (test/app/junkLinks.test.ts, 212
  // of them, these 12 among them); here one of them is a fresh load of the page, which must work.
  it('a random junk hash leaves a working page, corrected and said so', async () => {
    const { context, page, watch } = await fresh();
    // The fourth of the twelve: a script tag for c, infinities and an embed flag of 1e-400.
    const hash = junkHashes(12)[3];
    await page.goto(`${env.served.url}${hash}`);
    const sections = await page.waitForFunction(() => {
      const all = [...document.querySelectorAll('main section')];
      // A figure is drawn, or (at a length where its method is estimated, not run) says why.
      return all.length > 0 && all.every((s) => s.querySelector('svg.chart, .not-run')) ? all.length : 0;
    }, null, { timeout: wait(90_000) });
    const count = (await sections.jsonValue()) as number;
    expect(count, hash).toBeGreaterThan(0);
    expect(await page.locator('.notice.corrected').textContent(), hash).toMatch(/c: “<script>alert\(1\)<\/script…” is not a number/);
    const after = await page.evaluate(() => window.location.hash);
    expect(after, hash).toMatch(/^#steps=\d+&eps=[\d.e-]+&stride=\d+&schedule=(periodic|revolve)&snapshots=\d+&c=[\d.-]+&x0=[\d.-]+&target=[\d.-]+(&embed=1(&panels=[a-z,]+)?)?$/);
    const steps = Number(after.match(/steps=(\d+)/)![1]);
    expect(steps).toBeGreaterThanOrEqual(1);
    expect(steps).toBeLessThanOrEqual(100_000);
    expect(await page.locator('#root').innerHTML()).not.toContain('<script');
    expect(await page.evaluate(() => typeof (window as unknown as { alert?: unknown }).alert)).toBe('function');
    expect(watch.errors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await context.close();
  });

  it('names the correction of a number too large for a double and of a script tag', async () => {
    const { context, page } = await fresh();
    await page.goto(`${env.served.url}#stride=${'9'.repeat(400)}&c=${encodeURIComponent('<script>alert(1)</script>')}&eps=NaN`);
    const notice = page.locator('.notice.corrected');
    await notice.waitFor();
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain('Checkpoint stride: “9999');
    expect(text).toContain('is too large to be a number here; set to 40');
    expect(text).toMatch(/c: “<script>alert\(1\)<\/script…” is not a number/);
    expect(text).toContain('Finite-difference epsilon: “NaN” is not a number');
    await summarySays(page, 'P = 80');
    await context.close();
  });
});

describe('worker faults', () => {
  // Each test breaks the page's worker and sees the lab restart it: one page serves them all (one
  // load instead of four), each test starting from the defaults, reached by the hash (returnTo),
  // with the worker the last restart left.
  let lab: Awaited<ReturnType<typeof fresh>>;
  let figures: string[];
  beforeAll(async () => {
    lab = await fresh();
    await lab.page.goto(env.served.url);
    await waitForCharts(lab.page);
    await summarySays(lab.page, 'model h*');
    figures = await summaryFigures(lab.page);
  });
  afterAll(() => lab?.context.close());
  beforeEach(async () => {
    await returnTo(lab.page, DEFAULT_HASH, figures);
    // A settings change clears the last test's note: each test's wait for it sees its own.
    await lab.page.waitForFunction(() => !document.body.textContent?.includes('The engine stopped unexpectedly'));
    await expect.poll(() => lab.page.workers().filter((w) => w.url().includes('lab.worker')).length, { timeout: wait(30_000) }).toBe(1);
    lab.watch.errors.length = 0;
  });

  it('says so in one line, restarts the worker and recomputes when the worker throws', async () => {
    const { page, watch } = lab;
    const [worker] = page.workers().filter((w) => w.url().includes('lab.worker'));
    expect(worker).toBeTruthy();
    const closed = new Promise<void>((resolve) => worker.once('close', () => resolve()));
    await worker.evaluate(() => {
      setTimeout(() => {
        throw new Error('injected fault');
      }, 0);
    });
    await closed;
    await page.getByText('The engine stopped unexpectedly; restarted it and recomputed.').waitFor();
    await waitForCharts(page);
    // The fresh worker answers the sliders.
    await drag(page, 'Chain steps', 52);
    await summarySays(page, 'P = 104');
    expect(page.workers().filter((w) => w.url().includes('lab.worker'))).toHaveLength(1);
    expect(watch.errors).toEqual([]);
  });

  it('treats an unexpected exception inside a run as a fault: restarts and recomputes', async () => {
    const { page, watch } = lab;
    const [worker] = page.workers().filter((w) => w.url().includes('lab.worker'));
    // Break the engine in this worker only: its next run throws a TypeError, not a LabInputError.
    await worker.evaluate(() => {
      Math.tanh = () => {
        throw new TypeError('injected engine bug');
      };
    });
    await drag(page, 'Chain steps', 45);
    await page.getByText('The engine stopped unexpectedly; restarted it and recomputed.').waitFor();
    await summarySays(page, 'P = 90');
    expect(await page.locator('.notice.failure').count()).toBe(0);
    expect(watch.errors).toEqual([]);
  });

  it('recovers when the worker dies silently in the middle of a run', async () => {
    const { page } = lab;
    const [worker] = page.workers().filter((w) => w.url().includes('lab.worker'));
    await worker.evaluate(() => self.close());
    await drag(page, 'Chain steps', 47);
    await page.getByText('The engine stopped unexpectedly; restarted it and recomputed.').waitFor({ timeout: wait(30_000) });
    await summarySays(page, 'P = 94');
  });

  it('cancels a long run: the worker stops, the earlier figures stay, and it says so', async () => {
    const { page } = lab;
    const sweepPath = () => page.locator('.panel-fd svg.chart path.mark-fd-line').first().getAttribute('d');
    const before = await sweepPath();
    // Slow the engine's tanh down (in the worker only) so the sweep at T = 200, under half a
    // second here, takes long enough to cancel by hand as on a slow phone.
    const [worker] = page.workers().filter((w) => w.url().includes('lab.worker'));
    await worker.evaluate(() => {
      const tanh = Math.tanh;
      Math.tanh = (x: number) => {
        let y = tanh(x);
        for (let i = 0; i < 400; i++) y = tanh(y * 0 + x);
        return y;
      };
    });
    const closed = new Promise<void>((resolve) => worker.once('close', () => resolve()));
    await drag(page, 'Chain steps', 200);
    await summarySays(page, 'P = 400');
    const cancel = page.getByRole('button', { name: 'Cancel' });
    await cancel.waitFor();
    await page.waitForFunction(() => Number(document.querySelector('.progress')?.getAttribute('aria-valuenow')) >= 0);
    await cancel.click();
    await closed;
    await page.getByText('Cancelled: the figures that run would have updated still show the earlier settings.').waitFor();
    expect(await page.locator('.progress.on').count()).toBe(0);
    // The sweep on screen is still the T = 40 one, marked as belonging to older settings.
    expect(await page.locator('.panel-fd .chart-box.stale').count()).toBe(1);
    expect(await sweepPath()).toBe(before);
    await drag(page, 'Chain steps', 30);
    await summarySays(page, 'P = 60');
    await page.waitForFunction(() => !document.querySelector('.panel-fd .chart-box.stale'));
    expect(await page.getByText('Cancelled:').count()).toBe(0);
  });
});
