import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Download } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations, DEFAULT_HASH, drag, panelsDrawn, returnTo, summaryFigures, summarySays, systemScheme } from './helpers.ts';
import { openPage, waitForCharts, serveDist, sharedBrowser, type PageOptions } from './harness.ts';
import { wait } from './patience.ts';

const env = sharedBrowser();

async function open(hash = '', options: PageOptions = {}) {
  const { page, watch } = await env.page({ viewport: { width: 1366, height: 900 }, ...options });
  await page.goto(`${env.served.url}${hash}`);
  return { page, watch };
}

const text = async (download: Download) => readFileSync(await download.path(), 'utf8');

/**
 * The lab at the defaults that the keyboard, live-region and export tests share: one load instead
 * of three. Each starts from the defaults, reached by the hash (returnTo), with the system's
 * motion setting back to no preference and the keyboard's starting point at the page's top (a
 * click on its corner, as on a fresh page where Tab starts from the top).
 */
let shared: (Awaited<ReturnType<typeof open>> & { figures: string[] }) | null = null;
async function openShared() {
  if (!shared) {
    const opened = await open('', { keep: true });
    await waitForCharts(opened.page);
    await summarySays(opened.page, 'model h*');
    shared = { ...opened, figures: await summaryFigures(opened.page) };
  } else {
    await shared.page.emulateMedia({ reducedMotion: 'no-preference' });
    await returnTo(shared.page, DEFAULT_HASH, shared.figures);
    await shared.page.mouse.click(1, 1);
  }
  shared.watch.errors.length = 0;
  return shared;
}
afterAll(() => shared?.page.close());

describe('accessibility', () => {
  it('axe finds no violation in the light and dark system themes, with a menu and notices open', async () => {
    const { page } = await open('#steps=41&c=9', { colorScheme: 'light' });
    await waitForCharts(page);
    await page.locator('.notice.corrected').waitFor();
    await page.getByText('Chain constants: c, x₀, target').click();
    // Bring the tape panel into view so it loads and records, then come back up.
    await page.locator('.tape-panel').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !document.querySelector('.tape-panel .tape-placeholder'));
    await page.getByLabel('Export: Finite differences').click();
    // The live region speaks once the figures rest: axe then reads it filled.
    await page.waitForFunction(() => (document.querySelector('.announcer')?.textContent ?? '') !== '');
    // Light, then the system turned dark (systemScheme).
    for (const colorScheme of ['light', 'dark'] as const) {
      await systemScheme(page, colorScheme);
      expect(await axeViolations(page), colorScheme).toEqual([]);
    }
    await page.close();
  });

  it('the theme toggle overrides the system, is remembered, and the charts follow', async () => {
    const { page } = await open('', { colorScheme: 'light' });
    await waitForCharts(page);
    const heat = () => page.evaluate(() => document.querySelector<HTMLCanvasElement>('.panel-forward svg.chart canvas.heat')?.toDataURL());
    const lightHeat = await heat();
    await page.getByLabel('Dark').check();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 20, 24)');
    await page.waitForFunction((old) => document.querySelector<HTMLCanvasElement>('.panel-forward svg.chart canvas.heat')?.toDataURL() !== old, lightHeat);
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await waitForCharts(page);
    expect(await page.getByLabel('Dark').isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByLabel('System').check();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(245, 245, 241)');
    await page.getByLabel('Light').check();
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(245, 245, 241)');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('works from the keyboard with a visible focus: sliders, theme, export menu', async () => {
    const { page } = await openShared();
    const seen: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        if (el === document.body) return null;
        const style = getComputedStyle(el);
        const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent;
        return { name: (name ?? '').trim().slice(0, 40), outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 };
      });
      if (!focus) break; // past the last control
      expect(focus.outline, `focus ring on ${focus.name}`).toBe(true);
      seen.push(focus.name);
    }
    for (const name of ['System', 'Chain steps', 'Reset to defaults', 'Copy link', 'Export: Reverse mode']) {
      expect(seen.some((s) => s.startsWith(name)), name).toBe(true);
    }
    await page.getByLabel('Export: Work').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Work against steps (SVG)');
    await page.keyboard.press('Escape');
    expect(await page.locator('.panel-work details.export-menu').getAttribute('open')).toBeNull();
  });

  it('announces the key figures through a live region, and honours reduced motion', async () => {
    const { page } = await openShared();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const live = page.locator('.announcer');
    await page.waitForFunction(() => document.querySelector('.announcer')?.textContent?.includes('T = 40'));
    expect(await live.textContent()).toMatch(/^T = 40, P = 80\. Work per gradient in passes: reverse 2, forward 81, central differences 161/);
    await drag(page, 'Chain steps', 60);
    await page.waitForFunction(() => document.querySelector('.announcer')?.textContent?.includes('T = 60'));
    // The numerical notes change on every report of a drag: they are read with the settled
    // figures, so their box is not a live region of its own.
    expect(await page.locator('.notices').getAttribute('aria-live')).toBeNull();
    const motion = await page.evaluate(() => {
      const progress = document.querySelector('.progress') as HTMLElement;
      return getComputedStyle(progress).animationDuration;
    });
    expect(parseFloat(motion)).toBeLessThan(0.01);
  });
});

/** Width and height from a PNG's IHDR chunk, after checking its signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function parseCsv(body: string): { header: string[]; rows: string[][] } {
  expect(body.endsWith('\r\n')).toBe(true);
  const [header, ...rows] = body.trimEnd().split('\r\n').map((line) => line.split(','));
  return { header, rows };
}

describe('sharing and export', () => {
  it('each chart exports as a standalone SVG and a 2× PNG; the report as JSON; sweep and gradients as CSV', async () => {
    // The defaults, written out: the report's settings below are these.
    const { page, watch } = await openShared();
    expect(await page.evaluate(() => window.location.hash)).toBe('#steps=40&eps=1e-5&stride=4&schedule=periodic&snapshots=3&c=0.35&x0=0.4&target=0.25');
    await summarySays(page, 'model h*');
    const files: Record<string, Download> = {};
    for (const summary of await page.locator('details.export-menu summary').all()) {
      await summary.click();
      const menu = summary.locator('xpath=..');
      for (const button of await menu.locator('button').all()) {
        const label = (await button.textContent()) ?? '';
        if (files[label] && !label.includes('SVG') && !label.includes('PNG')) continue;
        const download = page.waitForEvent('download');
        await button.click();
        files[`${await summary.getAttribute('aria-label')} / ${label}`] = await download;
        if ((await menu.getAttribute('open')) === null) await summary.click();
      }
      if ((await menu.getAttribute('open')) !== null) await summary.click();
    }
    const names = Object.keys(files);
    expect(names.filter((n) => n.endsWith('(SVG)'))).toHaveLength(7);
    expect(names.filter((n) => n.endsWith('(PNG, 2×)'))).toHaveLength(7);

    for (const [name, download] of Object.entries(files)) {
      const file = download.suggestedFilename();
      if (name.endsWith('(SVG)')) {
        expect(file).toMatch(/^tape-lab-T40-[a-z-]+\.svg$/);
        const svg = await text(download);
        const check = await page.evaluate(async (source) => {
          const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
          const root = doc.documentElement;
          const image = new Image();
          const url = URL.createObjectURL(new Blob([source], { type: 'image/svg+xml' }));
          image.src = url;
          await image.decode();
          URL.revokeObjectURL(url);
          return {
            error: doc.querySelector('parsererror')?.textContent ?? null,
            root: root.localName,
            ns: root.namespaceURI,
            width: Number(root.getAttribute('width')),
            title: root.querySelector('title')?.textContent ?? '',
            marks: root.querySelectorAll('path, circle, image, rect').length,
            classes: root.querySelectorAll('[class]').length,
            styled: root.querySelectorAll('[style*="fill"]').length,
            drawnWidth: image.naturalWidth,
          };
        }, svg);
        expect(check.error, name).toBeNull();
        expect(check).toMatchObject({ root: 'svg', ns: 'http://www.w3.org/2000/svg', classes: 0 });
        expect(check.width).toBeGreaterThan(200);
        expect(check.drawnWidth).toBe(check.width);
        expect(check.title.length).toBeGreaterThan(10);
        // At least three drawn marks (a series of dots is one path; the frontier has two and its ring).
        expect(check.marks).toBeGreaterThanOrEqual(3);
        expect(check.styled).toBeGreaterThan(3);
        if (name.startsWith('Export: Forward mode')) {
          // The heat strip is a canvas on the page; the file holds it as an image of its pixels.
          expect(svg, name).not.toContain('foreignObject');
          expect(svg, name).toMatch(/<image [^>]*href="data:image\/png;base64,.{500,}"/);
        }
      } else if (name.endsWith('(PNG, 2×)')) {
        expect(file).toMatch(/^tape-lab-T40-[a-z-]+\.png$/);
        const svgName = name.replace('(PNG, 2×)', '(SVG)');
        const svgWidth = Number((await text(files[svgName])).match(/<svg[^>]* width="(\d+)"/)![1]);
        const { width, height } = pngSize(readFileSync(await download.path()));
        expect(width).toBe(2 * svgWidth);
        expect(height).toBeGreaterThan(200);
      }
    }

    const report = JSON.parse(await text(files['Export: Reverse mode / Report (JSON)']));
    expect(files['Export: Reverse mode / Report (JSON)'].suggestedFilename()).toBe('tape-lab-T40-report.json');
    expect(report.settings).toEqual({ steps: 40, eps: 1e-5, stride: 4, schedule: 'periodic', snapshots: 3, state: 'scalar', c: 0.35, x0: 0.4, target: 0.25 });
    expect(report.steps).toBe(40);
    expect(report.work).toMatchObject({ reverse: 2, forward: 81, finiteDifference: 161 });
    expect(report.gradient.reverse.a).toHaveLength(40);
    expect(Array.isArray(report.warnings)).toBe(true);
    expect(report.sweep.length).toBeGreaterThan(20);

    const sweep = parseCsv(await text(files['Export: Finite differences / Sweep over h (CSV)']));
    expect(sweep.header).toEqual(['eps', 'rms', 'maxRelative', 'truncation', 'rounding']);
    expect(sweep.rows).toHaveLength(report.sweep.length);
    sweep.rows.forEach((row, i) => {
      expect(row.map(Number)).toEqual([report.sweep[i].eps, report.sweep[i].rms, report.sweep[i].maxRelative, report.sweep[i].truncation, report.sweep[i].rounding]);
    });

    const gradients = parseCsv(await text(files['Export: Reverse mode / Gradients, every method (CSV)']));
    expect(gradients.header).toEqual(['t', 'reverse_a', 'reverse_b', 'forward_a', 'forward_b', 'finite_difference_a', 'finite_difference_b', 'checkpointed_a', 'checkpointed_b']);
    expect(gradients.rows).toHaveLength(40);
    gradients.rows.forEach((row, t) => {
      const values = row.map(Number);
      expect(values[0]).toBe(t);
      expect(values[1]).toBe(report.gradient.reverse.a[t]);
      expect(values[6]).toBe(report.gradient.finiteDifference.b[t]);
      expect(values.every(Number.isFinite)).toBe(true);
    });
    expect(watch.errors).toEqual([]);
  });

  it('embed mode shows only the chosen panels and their controls, round-trips, and fits an iframe', async () => {
    const { page, watch } = await open('#steps=40&eps=1e-6&embed=1&panels=fd,work', { viewport: { width: 900, height: 760 } });
    await panelsDrawn(page, 2);
    expect(await page.locator('main section h2').allTextContents()).toEqual(['Finite differences', 'Work']);
    expect(await page.locator('.masthead, .summary, .footer').count()).toBe(0);
    await expect(page.getByLabel('Finite-difference epsilon', { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByLabel('Chain steps', { exact: true }).count()).resolves.toBe(1);
    expect(await page.evaluate(() => window.location.hash)).toBe('#steps=40&eps=1e-6&stride=4&schedule=periodic&snapshots=3&c=0.35&x0=0.4&target=0.25&embed=1&panels=fd,work');
    await drag(page, 'Chain steps', 44);
    await page.waitForFunction(() => window.location.hash.includes('steps=44&') && window.location.hash.endsWith('&embed=1&panels=fd,work'));
    const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.getByRole('link', { name: /Open the full lab/ }).getAttribute('href')).toMatch(/^\.\/#steps=44&/);

    await page.goto(`${env.served.url}#embed=1&panels=fd,bogus,Work`);
    await panelsDrawn(page, 2);
    expect(await page.locator('.notice.corrected').textContent()).toContain('ignored an unknown panel name “bogus”');

    // Inside an iframe on a page of another origin (a second loopback server), as a course page embeds it.
    const html = `<!doctype html><title>Course</title><h1>Course page</h1><iframe title="Tape Lab" src="${env.served.url}#embed=1&panels=reverse" width="700" height="600"></iframe>`;
    const courseServer = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => courseServer.listen(0, '127.0.0.1', resolve));
    const port = (courseServer.address() as AddressInfo).port;
    await page.goto(`http://127.0.0.1:${port}/course.html`);
    const frame = page.frameLocator('iframe');
    await frame.locator('main section svg.chart').first().waitFor({ timeout: wait(60_000) });
    expect(await frame.locator('main section h2').allTextContents()).toEqual(['Reverse mode']);
    courseServer.close();
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});

describe('offline', () => {
  it('after one visit the lab loads and recomputes with the server gone and the network off', async () => {
    const own = await serveDist();
    const context = await env.context({ viewport: { width: 1366, height: 900 }, serviceWorkers: 'allow' });
    const { page, watch } = await openPage(context, own.origin);
    await page.goto(`${own.url}#steps=30`);
    await waitForCharts(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
    });
    await own.stop();
    await context.setOffline(true);
    await page.reload();
    await waitForCharts(page);
    await summarySays(page, 'P = 60');
    await drag(page, 'Chain steps', 70);
    await summarySays(page, 'P = 140');
    await drag(page, 'Finite-difference epsilon', -8);
    await summarySays(page, 'at h = 1e-8');
    await waitForCharts(page);
    expect(watch.errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });
});
