import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, drag } from './helpers.ts';
import { hashOf, scrollTo, startKit, type Options } from './playgroundKit.ts';
import { wait } from './patience.ts';

const SECTION = 'section.bugs-panel';

const { open } = startKit();

/** Opens the page at `hash` and brings the section in, its toggles and H·v drawn. */
async function openSection(hash = '', options: Options = {}) {
  const opened = await open(hash, options);
  await scrollTo(opened.page, SECTION);
  await opened.page.locator(`${SECTION} .fig-hvp-check dd`).waitFor({ timeout: wait(30_000) });
  return opened;
}

const text = (page: Page, selector: string) => page.locator(`${SECTION} ${selector}`).first().textContent();
const toggle = (page: Page, name: string) => page.locator(SECTION).getByRole('button', { name: new RegExp(`^${name} `) });

/** Switches a bug on and waits for its detail to show `selector` (and its chart, if it has one). */
async function switchOn(page: Page, name: string, selector: string, chart = true) {
  await toggle(page, name).click();
  await page.locator(`${SECTION} .bug-detail ${selector}`).first().waitFor({ timeout: wait(60_000) });
  if (chart) await page.locator(`${SECTION} .bug-detail svg.chart .series-line`).first().waitFor({ state: 'attached', timeout: wait(30_000) });
}

describe('Bugs you will meet, in Chromium', () => {
  it('runs in a worker of its own: no bug on, H·v beside its central-difference check', async () => {
    const { page, watch } = await openSection();
    expect(page.workers().some((w) => w.url().includes('bugs.worker'))).toBe(true);
    expect(await page.locator(`${SECTION} h2`).textContent()).toBe('Bugs you will meet');
    expect(await page.locator(`${SECTION} .bug-toggle`).count()).toBe(8);
    expect(await page.locator(`${SECTION} .bug-toggle[aria-pressed="true"]`).count()).toBe(0);
    expect(await text(page, '.bug-none')).toMatch(/No bug is on/);
    // H·v agrees with central differences of the gradient well below 1e-6.
    expect(Number((await text(page, '.fig-hvp-check dd'))!.replace('×10', 'e').replace('−', '-').replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]/g, (c) => '0123456789-'['⁰¹²³⁴⁵⁶⁷⁸⁹⁻'.indexOf(c)]))).toBeLessThan(1e-6);
    expect(await hashOf(page)).not.toMatch(/bug=/);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('each toggle switches its bug on the chain, and the hash follows', async () => {
    const { page, watch } = await openSection();
    await switchOn(page, 'zero-grad', '.fig-bug-gap dd');
    expect(await toggle(page, 'zero-grad').getAttribute('aria-pressed')).toBe('true');
    // Exactly doubled: |2g − g| / |g| = 1.
    expect(await text(page, '.fig-bug-gap dd')).toBe('1');
    expect(await text(page, '.bug-code')).toContain('optimizer.zero_grad()');
    await page.locator(`${SECTION} .bug-detail h4:text("The tensor section’s training, 400 steps")`).waitFor({ timeout: wait(60_000) });
    expect(await hashOf(page)).toMatch(/&bug=zero-grad(&|$)/);

    await switchOn(page, 'in-place', '.bug-error');
    expect(await text(page, '.bug-error')).toMatch(/modified by an inplace operation: \[torch\.DoubleTensor \[\]\], which is output 0 of MulBackward0, is at version 1; expected version 0/);
    expect(await text(page, '.bug-error')).toContain('(PyTorch 1.13, word for word)');
    expect(await toggle(page, 'zero-grad').getAttribute('aria-pressed')).toBe('false');

    await switchOn(page, 'retain-graph', '.bug-error', false);
    expect(await text(page, '.bug-error')).toMatch(/backward through the graph a second time/);

    await switchOn(page, 'free-late', '.fig-bug-ratio dd', false);
    expect(Number((await text(page, '.fig-bug-ratio dd'))!.replace('×', ''))).toBeGreaterThan(2.5);

    // graph-alive as PyTorch has it: 8 nodes a step (4 shared), no saved tensors left; without backward, every forward's.
    await switchOn(page, 'graph-alive', '.fig-alive-nodes dd');
    expect(await text(page, '.fig-alive-nodes dd')).toBe('3204');
    expect(await text(page, '.fig-alive-bytes dd')).toBe('0 B');
    expect(await text(page, '.fig-alive-eval dd')).toBe('11.0 MiB');

    await switchOn(page, 'float32', '.fig-bug-wrong dd');
    expect(await text(page, '.bug-rule')).toMatch(/float64, with central differences, h near 1e-6/);

    // Pressed again, the bug goes off and so does the hash key.
    await toggle(page, 'float32').click();
    await page.locator(`${SECTION} .bug-none`).waitFor();
    expect(await hashOf(page)).not.toMatch(/bug=/);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('a link switches a bug on; detach moves the truncation lever’s window', async () => {
    const { page, watch } = await openSection('#bug=detach');
    await page.locator(`${SECTION} .bug-detail .fig-bug-gap dd`).waitFor({ timeout: wait(30_000) });
    expect(await text(page, '.bug-code')).toContain('x.detach()');
    expect(await text(page, '.bug-code')).toContain('# at t = 30');
    await drag(page, 'Detach at step s', 15);
    await page.waitForFunction((sel) => document.querySelector(`${sel} .bug-code`)?.textContent?.includes('# at t = 15'), SECTION);
    expect(await hashOf(page)).toMatch(/window=25/);
    expect(await hashOf(page)).toMatch(/bug=detach/);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  for (const [width, height] of [
    [1920, 1080],
    [1366, 768],
    [390, 844],
  ] as const) {
    it(`at ${width}×${height}: no axe violations in the section, nothing wider than the page`, async () => {
      const { page } = await openSection('#bug=in-place', { viewport: { width, height }, colorScheme: 'light' });
      await page.locator(`${SECTION} .bug-error`).waitFor({ timeout: wait(30_000) });
      // Both charts drawn (a chart box draws once it is measured).
      await page.locator(`${SECTION} .bug-detail svg.chart .bug-wrong circle`).first().waitFor({ timeout: wait(30_000) });
      await page.locator(`${SECTION} .bug-second svg.chart .bug-check circle`).first().waitFor({ timeout: wait(30_000) });
      expect(await axeViolations(page, [SECTION])).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.close();
    });
  }
});
