import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPage, waitForCharts, type Watch, sharedBrowser } from './harness.ts';
import { DEFAULT_HASH, framesPass, returnTo, settled, summaryFigures, systemScheme } from './helpers.ts';
import { wait } from './patience.ts';

const env = sharedBrowser();

async function open(
  hash = '',
  viewport = { width: 1366, height: 768 },
  prepare?: (page: Page) => Promise<unknown>,
  /** A context of its own, with or without the service worker: for going offline or a permission. */
  own?: 'service worker' | 'no service worker',
): Promise<{ page: Page; watch: Watch }> {
  const opened = own
    ? await openPage(await env.context({ viewport, serviceWorkers: own === 'service worker' ? 'allow' : 'block' }), env.served.origin)
    : await env.page({ viewport });
  await prepare?.(opened.page);
  await opened.page.goto(`${env.served.url}${hash}`);
  await waitForCharts(opened.page);
  return opened;
}

const hashOf = (page: Page) => page.evaluate(() => window.location.hash);

/** The markup of a panel's charts, to tell whether it was redrawn. */
const panelSvg = (page: Page, title: string) =>
  page.locator('main section', { has: page.getByRole('heading', { level: 2, name: title }) }).locator('svg.chart').first().innerHTML();

/**
 * Waits until a panel's chart differs from `before`. A panel far from the screen catches up only
 * when the slider rests (app/shell/OnScreenGate.tsx), a moment after the summary.
 */
const redrawn = (page: Page, title: string, before: string) =>
  page.waitForFunction(
    ([t, old]) => {
      const s = [...document.querySelectorAll('main section')].find((x) => x.querySelector('h2')?.textContent?.includes(t));
      return s?.querySelector('svg.chart')?.innerHTML !== old;
    },
    [title, before] as const,
  );

/** Sets a range input's value and sends only an `input` event, as a dragged thumb does. */
async function drag(page: Page, label: string, value: number): Promise<void> {
  await page.getByLabel(label, { exact: true }).evaluate((el, v) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(v));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/** Waits until the summary strip says `text`. */
const summarySays = (page: Page, text: string) =>
  page.waitForFunction((t) => document.querySelector('.summary')?.textContent?.includes(t), text);

/** Nothing is wider than the window, in the light and then the dark system theme (once the report is whole). */
async function fitsInBothThemes(page: Page, name: string) {
  await summarySays(page, 'model h*');
  await waitForCharts(page);
  // Light, then the system turned dark (systemScheme).
  for (const colorScheme of ['light', 'dark'] as const) {
    await systemScheme(page, colorScheme);
    await settled(page); // the progress bar and the theme's fades have finished
    const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scrollWidth, `${name} ${colorScheme} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
  }
}

const PANELS = ['Reverse mode', 'Forward mode', 'Finite differences', 'Checkpoint schedule', 'Work'];

describe('the lab in Chromium', () => {
  it('loads with no console errors, no request off its origin, and draws every panel; fits a laptop (1366×768) without horizontal scrolling, in light and dark; keeps working offline once loaded', async () => {
    const { page, watch } = await open('', undefined, undefined, 'service worker');
    for (const title of PANELS) {
      const section = page.locator('main section', { has: page.getByRole('heading', { level: 2, name: title }) });
      await expect(section.count()).resolves.toBe(1);
      const marks = await section.locator('svg.chart path[d^="M"], svg.chart canvas, svg.chart circle').count();
      expect(marks, `${title} draws marks`).toBeGreaterThan(0);
      const box = await section.locator('svg.chart').first().boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      expect(box!.height).toBeGreaterThan(150);
      await expect(section.locator('p.caption').textContent()).resolves.toMatch(/\w.{40,}/);
    }
    // The heat strip: one canvas pixel per tangent entry (41 states by 80 directions), some drawn.
    const heat = await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('.panel-forward svg.chart canvas.heat')!;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let drawn = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) drawn++;
      return { width: canvas.width, height: canvas.height, drawn };
    });
    expect(heat).toMatchObject({ width: 41, height: 80 });
    expect(heat.drawn).toBeGreaterThan(1000);
    await summarySays(page, '41 → ');
    expect(await page.locator('.work-figure .stat-value').allTextContents()).toEqual(['2', '81', '161', '2.9']);
    expect(await hashOf(page)).toBe('#steps=40&eps=1e-5&stride=4&schedule=periodic&snapshots=3&c=0.35&x0=0.4&target=0.25');
    // The service worker has installed, storing every built file: its requests and errors are in.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await fitsInBothThemes(page, 'laptop');
    expect(watch.errors).toEqual([]);
    expect(watch.offOrigin).toEqual([]);

    // Keeps working offline once loaded (on this load: the service worker is in), and does not
    // fail loudly when the network goes.
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.context().setOffline(true);
    await drag(page, 'Chain steps', 64);
    await summarySays(page, 'P = 128');
    await drag(page, 'Finite-difference epsilon', -9);
    await summarySays(page, 'at h = 1e-9');
    await page.getByText('Chain constants: c, x₀, target').click();
    await drag(page, 'c', 0.1);
    await page.waitForFunction(() => window.location.hash.includes('c=0.1&'));
    await waitForCharts(page);
    expect(requests.filter((url) => !url.startsWith('data:'))).toEqual([]);
    expect(watch.errors).toEqual([]);
    await page.context().close();
  });

  it('shows progress while a long run computes', async () => {
    const { page } = await open('', undefined, (p) =>
      // The sweep at T = 200 takes ~0.1 s here, under the 0.2 s before progress shows. Play a
      // slower machine: every message from a worker reaches the page 0.5 s late.
      p.addInitScript(() => {
        const add = Worker.prototype.addEventListener;
        Worker.prototype.addEventListener = function (this: Worker, type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) {
          const late =
            type === 'message'
              ? (event: Event) => setTimeout(() => (typeof listener === 'function' ? listener.call(this, event) : listener.handleEvent(event)), 500)
              : listener;
          add.call(this, type, late, options);
        } as typeof Worker.prototype.addEventListener;
      }),
    );
    const shown = page.waitForSelector('.progress.on', { timeout: wait(10_000) });
    await drag(page, 'Chain steps', 200);
    await shown;
    // Read the note in the page the moment it shows (the run may end right after).
    const note = await page.waitForFunction(() => document.querySelector('.busy-note [role="status"]')?.textContent || false);
    expect(await note.jsonValue()).toMatch(/^Computing .* for T = 200…$/);
    await summarySays(page, 'P = 400');
    await page.waitForSelector('.progress:not(.on)');
    // The link says what the reader set, and nothing another section clamped to the old chain
    // (it once gained inputs=82, the tradeoffs' N at 40 steps).
    await expect.poll(() => new URL(page.url()).hash).toMatch(/steps=200/);
    expect(new URL(page.url()).hash).not.toMatch(/inputs=|window=|outputs=/);
    await page.close();
  });

  it('keeps its layout still while the epsilon and the steps are dragged end to end', async () => {
    // Its own load: a section far below that an earlier test brought near loads in its own time,
    // and its controls appearing would read as the layout moving.
    const { page } = await open('', { width: 1366, height: 768 });
    await summarySays(page, 'model h*');
    const boxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('main section, .summary .stat, input[type=range], .chart-box')].map((el) => {
          const r = el.getBoundingClientRect();
          return [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)].join(',');
        }),
      );
    const before = await boxes();
    for (const position of [-16, -12, -8, -3, -0.5, -5]) {
      await drag(page, 'Finite-difference epsilon', position);
      await page.waitForFunction(
        (p) => window.location.hash.includes(`eps=${Number((10 ** p).toPrecision(2)).toExponential().replace('e+', 'e')}&`),
        position,
      );
      await waitForCharts(page);
      expect(await boxes()).toEqual(before);
    }
    for (const steps of [2, 120, 200, 40]) {
      await drag(page, 'Chain steps', steps);
      await summarySays(page, `P = ${2 * steps})`);
      await waitForCharts(page);
      expect(await boxes()).toEqual(before);
    }
    await page.close();
  });

  it('restores a shared link exactly', async () => {
    const hash = '#steps=60&eps=3e-7&stride=6&schedule=revolve&snapshots=5&c=0.5&x0=-0.3&target=0.7';
    const { page, watch } = await open(hash);
    await summarySays(page, 'at h = 3e-7');
    expect(await hashOf(page)).toBe(hash);
    expect(await page.locator('.summary').textContent()).toContain('61 → ');
    expect(await page.getByLabel('Chain steps', { exact: true }).inputValue()).toBe('60');
    expect(await page.getByLabel('Snapshots', { exact: true }).inputValue()).toBe('5');
    expect(await page.locator('.notice.corrected').count()).toBe(0);
    expect(await page.locator('.checkpoint-counts').textContent()).toContain('5 snapshots');
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('corrects a hand-edited bad link and says what it corrected', async () => {
    const { page } = await open('#steps=0&eps=banana&stride=0&schedule=weekly');
    const notice = page.locator('.notice.corrected');
    await notice.waitFor();
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain('Chain steps: 0 is below the smallest allowed value 1');
    expect(text).toContain('“banana” is not a number');
    expect(text).toContain('Checkpoint stride: 0 is below the smallest allowed value 1');
    expect(text).toContain('“weekly”');
    expect(await hashOf(page)).toBe('#steps=1&eps=1e-5&stride=1&schedule=periodic&snapshots=1&c=0.35&x0=0.4&target=0.25');
    await summarySays(page, 'P = 2)');
    await page.getByRole('button', { name: 'Dismiss the notice' }).click();
    expect(await notice.count()).toBe(0);

    // Editing the address bar's hash on a loaded page is corrected the same way.
    await page.evaluate(() => (window.location.hash = '#steps=30&c=7'));
    await page.locator('.notice.corrected').waitFor();
    expect(await page.locator('.notice.corrected').textContent()).toContain('c: 7 is above the largest allowed value 1.5');
    await page.waitForFunction(() => window.location.hash.includes('steps=30&') && window.location.hash.includes('c=1.5&'));
    await page.close();
  });

  it('draws each chart at its box’s width, those far below the screen once the reader scrolls near; fits a phone (390×844) without horizontal scrolling, in light and dark', async () => {
    // Chart boxes draw once measured (app/ui/charts/useSize.ts, deferFirst); a box in a panel far
    // below is not laid out, so it draws at a stand-in width once the page is idle, and at its
    // own when it comes near.
    const { page, watch } = await env.page({ viewport: { width: 390, height: 844 } });
    await page.goto(env.served.url);
    await waitForCharts(page);
    const widths = (panel: string) =>
      page.locator(`section.${panel} .chart-box`).evaluateAll((boxes) =>
        boxes.map((box) => [box.clientWidth, Number(box.querySelector('svg.chart')?.getAttribute('width'))]),
      );
    for (const [box, svg] of await widths('panel-reverse')) expect(svg).toBe(box);
    for (const panel of ['panel-fd', 'panel-checkpoint', 'panel-work']) {
      await page.locator(`section.${panel}`).scrollIntoViewIfNeeded();
      await expect.poll(async () => (await widths(panel)).every(([box, svg]) => box > 0 && svg === box)).toBe(true);
    }
    await fitsInBothThemes(page, 'phone');
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('fits a projector (1920×1080) without horizontal scrolling, in light and dark', async () => {
    const { page, watch } = await env.page({ viewport: { width: 1920, height: 1080 }, colorScheme: 'light' });
    await page.goto(env.served.url);
    await waitForCharts(page);
    await fitsInBothThemes(page, 'projector');
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});

describe('the lab in Chromium, on one page at the laptop size', () => {
  // These tests need the lab in a state, not a fresh load of it: they share one page (one load
  // instead of seven), and each starts from the defaults, reached by the hash (returnTo).
  let page: Page;
  let watch: Watch;
  let figures: string[];
  beforeAll(async () => {
    ({ page, watch } = await open('', undefined, undefined, 'no service worker'));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.served.origin });
    await summarySays(page, 'model h*');
    figures = await summaryFigures(page);
  });
  afterAll(() => page?.context().close());
  beforeEach(async () => {
    await returnTo(page, DEFAULT_HASH, figures);
    watch.errors.length = 0;
  });

  it('repaints on input events alone: each slider changes its panel and the hash', async () => {
    await summarySays(page, 'model h*');

    let before = await panelSvg(page, 'Finite differences');
    await drag(page, 'Finite-difference epsilon', -7);
    await summarySays(page, 'at h = 1e-7');
    await page.waitForFunction((k) => window.location.hash.includes(k), 'eps=1e-7&'); // written when the drag rests
    await redrawn(page, 'Finite differences', before);

    before = await panelSvg(page, 'Reverse mode');
    const work = await panelSvg(page, 'Work');
    await drag(page, 'Chain steps', 55);
    await summarySays(page, 'P = 110');
    await page.waitForFunction((k) => window.location.hash.includes(k), 'steps=55&'); // written when the drag rests
    expect(await panelSvg(page, 'Reverse mode')).not.toBe(before);
    await redrawn(page, 'Work', work);
    expect(await page.locator('.panel-work').textContent()).toContain('T = 55');

    before = await panelSvg(page, 'Checkpoint schedule');
    await drag(page, 'Checkpoint stride', 11);
    await page.waitForFunction(() => document.querySelector('.checkpoint-counts')?.textContent?.includes('stride 11'));
    await page.waitForFunction((k) => window.location.hash.includes(k), 'stride=11&'); // written when the drag rests
    await redrawn(page, 'Checkpoint schedule', before);

    await page.getByText('Chain constants: c, x₀, target').click();
    for (const [label, value, key] of [
      ['c', 0.8, 'c=0.8'],
      ['x₀', -0.5, 'x0=-0.5'],
      ['target y', 1.1, 'target=1.1'],
    ] as const) {
      before = await panelSvg(page, 'Reverse mode');
      await drag(page, label, value);
      await page.waitForFunction((k) => window.location.hash.includes(k), key);
      await redrawn(page, 'Reverse mode', before);
    }

    await page.getByRole('radio', { name: 'Binomial', exact: true }).check();
    await page.waitForFunction(() => window.location.hash.includes('schedule=revolve'));
    before = await panelSvg(page, 'Checkpoint schedule');
    await drag(page, 'Snapshots', 6);
    await page.waitForFunction(() => document.querySelector('.checkpoint-counts')?.textContent?.includes('6 snapshots'));
    await page.waitForFunction((k) => window.location.hash.includes(k), 'snapshots=6&'); // written when the drag rests
    await redrawn(page, 'Checkpoint schedule', before);
    expect(watch.errors).toEqual([]);
  });

  it('while a slider is dragged, a panel far from the screen waits; on screen, or once the slider rests, it is current', async () => {
    await summarySays(page, 'P = 80');
    const work = () => page.locator('.panel-work').textContent();
    expect(await work()).toContain('T = 40');
    const reverse = await panelSvg(page, 'Reverse mode');
    // A drag that does not rest: the steps move between 55 and 56 every 60 ms until stopped.
    await page.getByLabel('Chain steps', { exact: true }).evaluate((el) => {
      const input = el as HTMLInputElement;
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      let n = 0;
      const timer = setInterval(() => {
        set.call(input, String(55 + (n++ % 2)));
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, 60);
      (window as unknown as { stopDrag: () => void }).stopDrag = () => clearInterval(timer);
    });
    await page.waitForFunction(() => /P = 11[02]/.test(document.querySelector('.summary')?.textContent ?? ''));
    // On screen: the reverse chart is drawn for the new steps. Far below: the Work panel still
    // shows T = 40, the report it last drew.
    const drawn = await panelSvg(page, 'Reverse mode');
    expect(drawn).not.toBe(reverse);
    // Another report of the drag lands on screen; the Work panel still has not drawn one.
    await redrawn(page, 'Reverse mode', drawn);
    expect(await work()).toContain('T = 40');
    // Scrolled near the screen, it catches up while the drag goes on.
    await page.locator('.panel-work').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => /T = 5[56]/.test(document.querySelector('.panel-work')?.textContent ?? ''));
    // Back at the top, the drag rests: every panel is current.
    await page.evaluate(() => window.scrollTo(0, 0));
    await framesPass(page, 4);
    await page.evaluate(() => (window as unknown as { stopDrag: () => void }).stopDrag());
    const steps = await page.getByLabel('Chain steps', { exact: true }).inputValue();
    await page.waitForFunction((t) => document.querySelector('.panel-work')?.textContent?.includes(`T = ${t}`), steps);
    expect(watch.errors).toEqual([]);
  });

  it('works from the keyboard: the sliders take focus and arrow keys', async () => {
    const steps = page.getByLabel('Chain steps', { exact: true });
    await steps.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await summarySays(page, 'P = 84');
    // Inputs in quick succession are a drag: the hash follows when it rests (QUIET_MS, app/lab/labSync.ts).
    await page.waitForFunction(() => window.location.hash.includes('steps=42&'));
    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    await summarySays(page, 'P = 80');
    // Within the arrows’ drag the hash is written when the drag rests.
    await page.waitForFunction(() => window.location.hash.includes('steps=40&'));
  });

  it('ends on the newest settings when a slider is dragged faster than the worker runs', async () => {
    for (let steps = 150; steps <= 200; steps += 5) await drag(page, 'Chain steps', steps);
    await summarySays(page, 'P = 400');
    await waitForCharts(page);
    // The Work panel is far below the screen: it catches up once the slider rests (OnScreenGate).
    await page.waitForFunction(() => document.querySelector('.panel-work')?.textContent?.includes('T = 200'));
    expect((await page.locator('.work-figure .stat-value').allTextContents()).slice(0, 3)).toEqual(['2', '401', '801']);
  });

  it('copies a link to the current state', async () => {
    // The state a shared link brings, reached by the address bar's hash (the lab follows it).
    await page.evaluate(() => (window.location.hash = '#steps=33'));
    await page.waitForFunction(() => window.location.hash.startsWith('#steps=33&'));
    await summarySays(page, 'P = 66');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${env.served.url}#steps=33&eps=1e-5&stride=4&schedule=periodic&snapshots=3&c=0.35&x0=0.4&target=0.25`);

    // A playground expression in the state is in the copied link too, as in the address bar.
    await page.evaluate(() => (window.location.hash = '#steps=33&expr=x*y&at=x:0.5,y:2'));
    await page.waitForFunction(() => window.location.hash.includes('&expr=x*y&at=x:0.5,y:2'));
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied').waitFor();
    // (The first copy's words may still show: wait for the clipboard itself.)
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: wait(30_000) }).toContain('&expr=x*y&at=x:0.5,y:2');
    const again = await page.evaluate(() => navigator.clipboard.readText());
    expect(again).toBe(`${env.served.url}${await hashOf(page)}`);
  });
});
