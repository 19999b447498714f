import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHAPTERS } from '../../app/lesson/chapters/table.ts';
import type { ChapterSlug } from '../../app/lesson/chapters/order.ts';
import { sharedBrowser } from './harness.ts';
import { steady } from './helpers.ts';
import { chapterReady, stageOverflow } from './lessonKit.ts';
import { wait } from './patience.ts';

const env = sharedBrowser();
const rowOf = (slug: ChapterSlug) => CHAPTERS.find((r) => r.slug === slug)!;

/** Opens a chapter by its slug at 1366 × 768 and waits until its figure has the worker's numbers. */
async function openChapter(slug: ChapterSlug): Promise<{ page: Page; errors: string[] }> {
  const { page, watch } = await env.page({ viewport: { width: 1366, height: 768 } });
  await page.goto(`${env.served.url}#lesson=${slug}`);
  await page.waitForFunction((title) => document.querySelector('article h2')?.textContent?.includes(title), rowOf(slug).title);
  await page.waitForFunction(() => {
    const figure = document.querySelector('.lesson-figure');
    return figure !== null && figure.querySelector('.figure-waiting, .figure-error') === null && figure.querySelector('svg') !== null;
  });
  return { page, errors: watch.errors };
}

/** The entry table's numbers, row by row, at full precision (data-value): right, and buggy (undefined where there is none). */
const entries = (page: Page) =>
  page.$$eval('.ch11-table tbody tr', (rows) =>
    rows.map((tr) => {
      const [right, buggy] = [...tr.querySelectorAll('td')].map((td) => td.dataset.value);
      return { right: Number(right), buggy: buggy === undefined ? undefined : Number(buggy), text: tr.querySelector('td.wrong')!.textContent };
    }),
  );

/** The y of every dot of one chart series (each dot carries its value as data-y). */
const dots = (page: Page, series: string) => page.$$eval(`.lesson-figure .${series} circle`, (cs) => cs.map((c) => Number(c.getAttribute('data-y'))));

/** Chooses a bug in the figure and waits until it is drawn. */
async function pickBug(page: Page, bug: string): Promise<void> {
  await page.locator('.ch11-figure').getByRole('radio', { name: bug, exact: true }).check();
  await page.waitForFunction((b) => document.querySelector('.ch11-figure')?.getAttribute('data-bug') === b, bug);
}

describe('chapter 11: the bugs you will meet', () => {
  it('hides zero-grad’s numbers until the question is answered; then every buggy number is exactly twice the right one, as the accepted answer says', async () => {
    const { page, errors } = await openChapter('bugs');
    const row = rowOf('bugs');
    expect(row.labSection).toBe('bugs');
    // Before the answer: the buggy column is '?', no buggy dots, and no word says "twice".
    expect((await entries(page)).map((e) => e.text)).toEqual(['?', '?', '?']);
    expect(await dots(page, 's-wrong')).toEqual([]);
    expect(await page.locator('.ch11-figure').innerText()).not.toMatch(/twice|doubled/);
    expect((await page.locator('.chapter-text > p').allInnerTexts()).join(' ')).not.toMatch(/twice|doubled/);

    await page.getByRole('radiogroup').getByRole('radio', { name: row.question!.answer, exact: true }).check();
    await expect.poll(() => page.locator('.predict [role="status"]').textContent()).toMatch(/^Yes\. /);
    await page.waitForFunction(() => [...document.querySelectorAll('.ch11-table td.wrong')].every((td) => td.textContent !== '?'));
    const shown = await entries(page);
    expect(shown).toHaveLength(3);
    for (const e of shown) expect(e.buggy).toBe(2 * e.right);
    // Every dot of the buggy gradient is exactly twice the right one: the chart's a_t dots against the table's right a_0, a_20, a_39.
    const wrongA = await dots(page, 'series.s-wrong:not(.s-wrong-b)');
    expect(wrongA).toHaveLength(40);
    expect([wrongA[0], wrongA[20], wrongA[39]]).toEqual(shown.map((e) => 2 * e.right));
    expect(await page.locator('[data-readout="outcome"]').textContent()).toBe('80 of the 80 entries are exactly twice the right ones.');
    // The feedback quotes the figure's own ∂L/∂a₃₉.
    const last = await page.locator('.ch11-table tbody tr').last().locator('td').allTextContents();
    expect(await page.locator('.predict [role="status"]').textContent()).toContain(`is ${last[1]}, not ${last[0]}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('switching the bug changes the figure: detach zeroes the early steps, in-place and retain-graph are refused with the framework’s error', async () => {
    const { page, errors } = await openChapter('bugs');
    const code = () => page.locator('.ch11-code pre').first().textContent();
    expect(await code()).toContain('loss.backward()');

    await pickBug(page, 'detach');
    expect(await code()).toContain('.detach()');
    const detached = await entries(page);
    // x_30 detached: a_0 and a_20 get exactly 0, a_39 is exact.
    expect(detached.map((e) => e.buggy)).toEqual([0, 0, detached[2].right]);
    expect(await page.locator('[data-readout="outcome"]').textContent()).toMatch(/^60 of the 80 entries are exactly 0: every aₜ and bₜ before step 30/);
    // The buggy dots have their legend entries: filled for a_t, open for b_t.
    const legend = await page.locator('.ch11-figure .lesson-legend').innerText();
    expect(legend).toContain('dots x_30 detached: ∂L/∂aₜ filled');
    expect(legend).toContain('∂L/∂bₜ open');
    expect(await page.locator('.ch11-figure .lesson-legend .ch11-dot-b').count()).toBe(1);
    // The caption: graph-alive's two cases as PyTorch has them, free-late's ratio from the run.
    const caption = await page.locator('.ch11-figure figcaption').innerText();
    expect(caption).toContain('backward frees the saved tensors but every step’s autograd nodes stay (fix: loss.item())');
    expect(caption).toContain('with no backward, every forward’s saved tensors stay too (fix: torch.no_grad())');
    expect(caption).toMatch(/Freeing saved values late holds [\d.]+ times the peak memory here/);

    await pickBug(page, 'in-place');
    expect(await page.locator('.ch11-figure .bug-error').textContent()).toMatch(/\(PyTorch 1\.13, word for word\)RuntimeError: .*modified by an inplace operation: \[torch\.DoubleTensor \[\]\]/);
    const inPlace = await entries(page);
    expect(inPlace.some((e) => e.buggy !== e.right)).toBe(true);

    await pickBug(page, 'retain-graph');
    expect(await page.locator('.ch11-figure .bug-error').textContent()).toContain('Trying to backward through the graph a second time');
    expect((await entries(page)).map((e) => e.text)).toEqual(['refused', 'refused', 'refused']);
    expect(await page.locator('[data-readout="outcome"]').textContent()).toMatch(/holds \d[\d.]* (B|KiB)\.$/);

    await pickBug(page, 'overwrite');
    expect(await page.locator('.ch11-figure .bug-error').count()).toBe(0);
    expect(await page.locator('[data-readout="outcome"]').textContent()).toMatch(/^\d+ of the 80 entries are wrong/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('“Open this in the lab” lands on the bugs section with the chosen bug on, in view', async () => {
    const { page, errors } = await openChapter('bugs');
    await pickBug(page, 'detach');
    const link = page.getByRole('link', { name: 'Open this in the lab' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain('bug=detach');
    expect(href).toContain('go=bugs');
    await link.click();
    const toggle = page.locator('section.bugs-panel .bug-toggle[aria-pressed="true"]');
    await toggle.waitFor();
    expect(await toggle.textContent()).toContain('detach');
    await page.locator('section.bugs-panel h2').waitFor();
    await steady(page, () => [window.scrollY], 8);
    const top = await page.evaluate(() => document.querySelector('section.bugs-panel h2')!.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(768 / 4);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('chapter 12: second derivatives', () => {
  it('shows H·v on the chain checked against central differences, and its counted cost is the accepted answer', async () => {
    const { page, errors } = await openChapter('second-order');
    const check = page.locator('[data-readout="hvp-check"]');
    expect(Number(await check.getAttribute('data-max-relative'))).toBeLessThan(1e-6);
    expect(await dots(page, 's-fd')).toHaveLength(80);
    const cost = page.locator('[data-readout="hvp-cost"]');
    const hvpWork = Number(await cost.getAttribute('data-hvp-work'));
    const gradWork = Number(await cost.getAttribute('data-gradient-work'));
    // Two runs, each carrying a value and a tangent: twice one gradient's passes.
    expect(hvpWork).toBe(2 * gradWork);
    const answer = rowOf('second-order').question!.answer;
    expect(answer.startsWith(`${hvpWork}:`)).toBe(true);
    // The counted passes answer the question, so they wait for it.
    expect(await cost.textContent()).toBe('Counted passes: answer the question to see them.');
    await page.getByRole('radiogroup').getByRole('radio', { name: answer, exact: true }).check();
    await expect.poll(() => cost.textContent()).toContain(`Counted: H·v ${hvpWork} passes, one gradient ${gradWork};`);
    await expect.poll(() => page.locator('.predict [role="status"]').textContent()).toMatch(new RegExp(`^Yes\\. .*${hvpWork} passes against ${gradWork} for one gradient.*Time is measured apart`));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on the expression, H·v from one dual sweep equals the Hessian times v; at 90° it is the Hessian’s second column', async () => {
    const { page, errors } = await openChapter('second-order');
    const hessian = await page.$$eval('[data-table="hessian"] tbody tr', (rows) => rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.dataset.value))));
    // ∂²z/∂x² = 2 cos(x²) − 4x² sin(x²), ∂²z/∂x∂y = 1, ∂²z/∂y² = 1/y², at x = 1.5, y = 4.
    expect(hessian[0][0]).toBeCloseTo(2 * Math.cos(2.25) - 9 * Math.sin(2.25), 12);
    expect(hessian[0][1]).toBeCloseTo(1, 12);
    expect(hessian[1][1]).toBeCloseTo(1 / 16, 12);
    const row = (key: string) => page.$$eval(`[data-table="hvp"] tr[data-row="${key}"] td`, (tds) => tds.map((td) => Number(td.dataset.value)));
    const slider = page.locator('.ch12-figure input[type="range"]');
    // The slider waits for the chapter's question: the lecturer asks for the answer.
    await page.getByRole('button', { name: 'Show the answer' }).click();
    await slider.focus();
    // 0° → 90° in steps of 15°.
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-table="hvp"] tr[data-row="v"] td')?.getAttribute('data-value') === '0');
    expect(await row('v')).toEqual([0, 1]);
    const hvp = await row('hvp');
    expect(hvp[0]).toBeCloseTo(hessian[0][1], 12);
    expect(hvp[1]).toBeCloseTo(hessian[1][1], 12);
    const product = await row('product');
    const fd = await row('fd');
    for (let j = 0; j < 2; j++) {
      expect(Math.abs(product[j] - hvp[j])).toBeLessThan(1e-12);
      expect(Math.abs(fd[j] - hvp[j])).toBeLessThan(1e-6);
    }
    expect(await page.locator('[data-readout="curvature"]').textContent()).toContain('vᵀHv = 0.0625');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('“Open this in the lab” lands on the bugs section’s Second derivatives, in view', async () => {
    const { page, errors } = await openChapter('second-order');
    const link = page.getByRole('link', { name: 'Open this in the lab' });
    expect(await link.getAttribute('href')).toContain('go=hvp');
    await link.click();
    const heading = page.locator('section.bug-second h3');
    await heading.waitFor();
    await steady(page, () => [window.scrollY, document.querySelector('section.bug-second')?.getBoundingClientRect().top], 8);
    const top = await heading.evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(768 / 2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the same link lands on Second derivatives when the bugs section’s code comes after the eight seconds the page is held', async () => {
    const { page: lesson } = await openChapter('second-order');
    const href = await lesson.getByRole('link', { name: 'Open this in the lab' }).getAttribute('href');
    await lesson.close();
    const { page, watch } = await env.page({ viewport: { width: 1366, height: 768 } });
    // A slow machine or network: the section's code arrives 10 s after it is asked for, later
    // than the 8 s the page is held at the link (useScrollWhenLinked counts them from its arrival).
    let asked = Number.NaN;
    await page.route(/\/assets\/BugsLab-[^/]*\.js$/, async (route) => {
      asked = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      await route.continue();
    });
    await page.goto(new URL(href!, env.served.url).href);
    const heading = page.locator('section.bug-second h3');
    await heading.waitFor({ timeout: wait(60_000) });
    // The section's code was held back: the route saw its request.
    expect(asked).not.toBeNaN();
    await steady(page, () => [window.scrollY, document.querySelector('section.bug-second')?.getBoundingClientRect().top], 8);
    const top = await heading.evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    // Held at the part, the heading stands about 210 px down (below the stuck settings bar); left at the
    // section's top, as before the hold counted from the part's arrival, it stood at 438 px.
    expect(top).toBeLessThan(300);
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});

describe('chapter 11 on the stage', () => {
  it('every bug, with PyTorch’s full error texts, fits the 1920 × 1080 stage without scrolling', async () => {
    const { page, watch } = await env.page({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${env.served.url}#lesson=bugs&present=1`);
    await chapterReady(page, 'bugs');
    await page.locator('.ch11-figure [data-readout="outcome"]').waitFor({ timeout: wait(30_000) });
    for (const bug of ['detach', 'in-place', 'retain-graph', 'overwrite']) {
      await pickBug(page, bug);
      await page.locator('.ch11-figure [data-readout="outcome"]').waitFor();
      await steady(page, () => document.querySelector('article')?.scrollHeight);
      expect(await stageOverflow(page), bug).toEqual([]);
    }
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
