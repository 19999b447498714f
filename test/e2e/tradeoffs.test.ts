import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, drag, scrollUntilInView, systemScheme } from './helpers.ts';
import { hashOf, scrollTo, startKit, type Options } from './playgroundKit.ts';
import { wait } from './patience.ts';

const SECTION = 'section.tradeoffs-panel';

const { open } = startKit();

/**
 * Opens the page at `hash` and brings the section in, its four levers drawn and (unless `times` is
 * false: a test that reads no time need not wait the second or two they take) its times measured.
 * Each lever is scrolled into view before it is waited for (scrollUntilInView): on a phone the
 * section is taller than the screen, a part of the page far from it is skipped (content-visibility),
 * and the page above changes height as it is drawn, so one scroll can land short.
 */
async function openSection(hash = '', options: Options = {}, times = true) {
  const opened = await open(hash, options);
  await scrollTo(opened.page, SECTION);
  const levers = opened.page.locator(`${SECTION} .lever`);
  await levers.nth(3).waitFor({ state: 'attached', timeout: wait(30_000) });
  for (let i = 0; i < 4; i++) {
    await scrollUntilInView(opened.page, `${SECTION} .lever`, SECTION, i);
    await levers.nth(i).waitFor({ timeout: wait(30_000) });
  }
  if (times) {
    const chart = opened.page.locator(`${SECTION} .tradeoffs-cost.time`);
    await chart.waitFor({ state: 'attached', timeout: wait(30_000) });
    await scrollUntilInView(opened.page, `${SECTION} .tradeoffs-cost.time`, SECTION);
    await chart.waitFor({ timeout: wait(30_000) });
  }
  await scrollTo(opened.page, SECTION);
  return opened;
}

const text = (page: Page, selector: string) => page.locator(`${SECTION} ${selector}`).first().textContent();
const label = (page: Page, selector: string) => page.locator(`${SECTION} ${selector}`).first().getAttribute('aria-label');

/** Waits until the element's text or label is no longer `before`. */
async function changes(page: Page, selector: string, before: string | null, attribute?: string) {
  await page.waitForFunction(
    ([sel, was, attr]) => {
      const el = document.querySelector(sel);
      const now = attr ? el?.getAttribute(attr) : el?.textContent;
      return now !== null && now !== undefined && now !== was;
    },
    [`${SECTION} ${selector}`, before, attribute ?? null] as const,
  );
}

describe('What frameworks hide, in Chromium', () => {
  it('inputs N = 1: forward mode costs 2 runs, and the lines cross at M = N', async () => {
    const { page, watch } = await openSection('#inputs=1&outputs=5', { viewport: { width: 1366, height: 768 } });
    await page.waitForFunction(() => document.querySelector('.fig-jacobian-forward dd')?.textContent === '2 passes');
    expect(await text(page, '.fig-jacobian-reverse dd')).toBe('6 passes');
    expect(await page.locator(SECTION).textContent()).toMatch(/the lines cross at M = N = 1, and forward mode is cheaper from M = 2/);
    expect(await page.getByLabel('Inputs N').inputValue()).toBe('1');
    expect(await hashOf(page)).toMatch(/&outputs=5&inputs=1|inputs=1/);
    // The heat map draws rows[i].values over the inputs named: x₀ alone, then the first three.
    const heat = await label(page, '.tradeoffs-heat');
    expect(heat).toMatch(/^Jacobian of the last 5 states with respect to the one input \(x₀\)/);
    await drag(page, 'Inputs N', 3);
    await changes(page, '.tradeoffs-heat', heat, 'aria-label');
    expect(await label(page, '.tradeoffs-heat')).toMatch(/^Jacobian of the last 5 states with respect to the first 3 inputs \(x₀, c, a₀\)/);
    expect(await page.locator(`${SECTION} .tradeoffs-heat .axis-bottom text:not(.axis-title)`).allTextContents()).toEqual(['x₀', 'c', 'a₀']);
    expect(watch.errors).toEqual([]);
  });

  it('computes its four levers in a worker of its own, at the defaults; each control changes its figure and the hash', async () => {
    const { page, watch } = await openSection();
    expect(page.workers().some((w) => w.url().includes('tradeoffs.worker'))).toBe(true);
    expect(await page.locator(`${SECTION} h2`).textContent()).toBe('What frameworks hide');
    expect(await page.locator(`${SECTION} h3`).allTextContents()).toEqual([
      'Stopping the gradient',
      'Fusing a step',
      'Saving or recomputing',
      'Forward or reverse mode for a Jacobian',
    ]);
    expect(await text(page, '.fig-truncation-tape dd')).toBe('145 nodes, 5.7 KiB');
    expect(await text(page, '.fig-fusion-tape dd')).toBe('565 nodes, 22.1 KiB');
    expect(await text(page, '.fig-recompute-bytes dd')).toBe('25.1 KiB');
    expect(await text(page, '.fig-jacobian-forward dd')).toBe('83 passes');
    expect(await text(page, '.fig-jacobian-reverse dd')).toBe('6 passes');
    expect(await hashOf(page)).not.toMatch(/window|fused|saved|outputs/);

    // Each control changes its figure and the hash (from the defaults, on the same page).
    // Window K: the truncated gradient, its error and its tape.
    const gradient = await label(page, '.tradeoffs-gradient');
    const error = await text(page, '.fig-truncation-error dd');
    await drag(page, 'Truncation window K', 25);
    await changes(page, '.fig-truncation-error dd', error);
    expect(await label(page, '.tradeoffs-gradient')).not.toBe(gradient);
    expect(await label(page, '.tradeoffs-gradient')).toMatch(/stops at x₁₅/);
    expect(await text(page, '.fig-truncation-tape dd')).toBe('355 nodes, 13.9 KiB');
    expect(await hashOf(page)).toMatch(/&window=25(&|$)/);
    // Fused: the tape in use and the step strip.
    await page.locator(SECTION).getByRole('radio', { name: 'one fused node' }).check();
    await changes(page, '.fig-fusion-tape dd', '565 nodes, 22.1 KiB');
    expect(await text(page, '.fig-fusion-tape dd')).toBe('122 nodes, 6.2 KiB');
    expect(await page.locator(`${SECTION} .step-strip .node`).count()).toBe(1);
    // The measured time is a ratio with its middle half, or said to be too noisy (and then the bars give no time either).
    await page.waitForFunction((s) => /took ≈|too noisy to tell/.test(document.querySelector(`${s} .fusion-time`)?.textContent ?? ''), SECTION);
    const fusionTime = (await text(page, '.fusion-time')) ?? '';
    if (fusionTime.includes('too noisy')) expect(await page.locator(`${SECTION} .pair-bars`).textContent()).toContain('too noisy');
    else expect(fusionTime).toMatch(/took ≈ \d+(\.\d)?× the primitive tape’s time \(the middle half of the rounds read [\d.]+× to [\d.]+×\)\.$/);
    expect(await hashOf(page)).toMatch(/&fused=1(&|$)/);
    // Saved or recomputed: bytes held against step evaluations.
    await page.locator(SECTION).getByRole('radio', { name: 'recomputed from xₜ' }).check();
    await changes(page, '.fig-recompute-bytes dd', '25.1 KiB');
    expect(await text(page, '.fig-recompute-bytes dd')).toBe('1.1 KiB');
    expect(await text(page, '.fig-recompute-steps dd')).toBe('80');
    expect(await hashOf(page)).toMatch(/&saved=0(&|$)/);
    // Outputs M: the Jacobian and reverse mode's work.
    const heat = await label(page, '.tradeoffs-heat');
    await drag(page, 'Output states M', 12);
    await changes(page, '.tradeoffs-heat', heat, 'aria-label');
    expect(await label(page, '.tradeoffs-heat')).toMatch(/^Jacobian of the last 12 states with respect to the first 82 inputs \(x₀, c, a₀, b₀, …\)/);
    await changes(page, '.fig-jacobian-reverse dd', '6 passes');
    expect(await text(page, '.fig-jacobian-reverse dd')).toBe('13 passes');
    expect(await text(page, '.fig-jacobian-forward dd')).toBe('83 passes');
    expect(await hashOf(page)).toMatch(/&outputs=12(&|$)/);
    // The chain's own settings move the truncation figure.
    const before = await text(page, '.fig-truncation-error dd');
    await drag(page, 'c', -0.8);
    await changes(page, '.fig-truncation-error dd', before);
    // A link reproduces what is on screen (the hash follows a drag when it rests).
    await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('c') === '-0.8');
    const link = await hashOf(page);
    const again = await openSection(link, {}, false);
    expect(await again.page.locator(SECTION).getByRole('radio', { name: 'one fused node' }).isChecked()).toBe(true);
    expect(await again.page.locator(SECTION).getByRole('radio', { name: 'recomputed from xₜ' }).isChecked()).toBe(true);
    expect(await text(again.page, '.fig-truncation-error dd')).toBe(await text(page, '.fig-truncation-error dd'));
    expect(watch.errors).toEqual([]);
    await page.close();
    await again.page.close();
  });

  it('corrects junk in the hash with one notice each, and clamps K and M to the steps', async () => {
    const { page, watch } = await openSection('#steps=20&window=abc&fused=maybe&saved=0&outputs=999', {}, false);
    const notices = await page.locator('.notice.corrected').allTextContents();
    const all = notices.join(' ');
    expect(all).toContain('Truncation window: “abc” is not a number');
    expect(all).toContain('Fused: “maybe” is not 1 or 0');
    expect(all).toContain('Output states: 999 is above the largest allowed value 20');
    expect(await page.locator(SECTION).getByLabel('Output states M', { exact: true }).inputValue()).toBe('20');
    expect(await text(page, '.fig-jacobian-reverse dd')).toBe('21 passes');
    expect(await hashOf(page)).toMatch(/&saved=0&outputs=20/);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it.each([
    [1366, 768],
    [390, 844],
  ] as const)('at %i×%i, light and dark: no axe violations in the section, nothing wider than the page', async (width, height) => {
    const { page } = await openSection('#window=6&outputs=8', { viewport: { width, height }, colorScheme: 'light' });
    // Light, then the system turned dark (systemScheme).
    for (const colorScheme of ['light', 'dark'] as const) {
      await systemScheme(page, colorScheme);
      expect(await axeViolations(page, [SECTION]), colorScheme).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await page.close();
  });
});
