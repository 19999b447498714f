import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, framesPass, steady } from './helpers.ts';
import { scrollTo, startKit, TENSOR } from './playgroundKit.ts';
import { wait } from './patience.ts';

const { open } = startKit();

/** The step counter's "n of N", as the number n (NaN before the first report). */
const stepOf = (page: Page) =>
  page.evaluate((sel) => {
    const dd = [...document.querySelectorAll(`${sel} .figures div`)].find((d) => d.querySelector('dt')?.textContent === 'step')?.querySelector('dd');
    return Number((dd?.textContent ?? '').split(' of ')[0]);
  }, TENSOR);

/** Waits until the step counter is between `min` and `max`. */
const waitForStep = (page: Page, min: number, max = min) =>
  page.waitForFunction(
    ([sel, lo, hi]) => {
      const dd = [...document.querySelectorAll(`${sel} .figures div`)].find((d) => d.querySelector('dt')?.textContent === 'step')?.querySelector('dd');
      const n = Number((dd?.textContent ?? '').split(' of ')[0]);
      return n >= lo && n <= hi;
    },
    [TENSOR, min, max] as const,
    { timeout: wait(30_000) },
  );

/** Every drawn weight of the network diagram, in document order. */
const edgeWeights = (page: Page) => page.locator(`${TENSOR} .network-edges line`).evaluateAll((lines) => lines.map((l) => Number(l.getAttribute('data-weight'))));

/** Opens the page with the tensor panel in view and its controls drawn (reduced motion: nothing starts by itself). */
async function openTensor(options: Parameters<typeof open>[1] = { reducedMotion: 'reduce' }) {
  const opened = await open('', options);
  await scrollTo(opened.page, TENSOR);
  await opened.page.locator(`${TENSOR} .train-controls`).waitFor({ timeout: wait(30_000) });
  // Sections above may have grown while the panel's code loaded: bring it to the same place again.
  await scrollTo(opened.page, TENSOR);
  return opened;
}

describe('watching the tensor panel train', () => {
  it('with reduced motion waits for the reader; Step takes exactly one step; pause holds the count; resume goes on from it', async () => {
    const { page, watch } = await openTensor();
    const panel = page.locator(TENSOR);
    // Frames in view in which a run that starts by itself would have started.
    await framesPass(page, 30);
    expect(await panel.locator('.train-status').textContent()).toMatch(/^Press Train or Step to start/);
    expect(await stepOf(page)).toBeNaN();
    // Step, by keyboard: the first step of a new run.
    const step = panel.getByRole('button', { name: 'Step', exact: true });
    await step.focus();
    await page.keyboard.press('Enter');
    await waitForStep(page, 1);
    await panel.locator('.train-status', { hasText: 'Paused after 1 step:' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Resume', exact: true }).count()).toBe(1);
    // The diagram: every weight of the 2 → 16 → 2 network is one line; a step moves them.
    const before = await edgeWeights(page);
    expect(before).toHaveLength(2 * 16 + 16 * 2);
    expect(await panel.locator('.network-diagram').getAttribute('aria-label')).toMatch(/^Network: 2 inputs, 16 hidden units, 2 outputs; 64 weights, \d+ positive/);
    await page.keyboard.press(' ');
    await waitForStep(page, 2);
    const after = await edgeWeights(page);
    expect(after).toHaveLength(64);
    expect(after.sort()).not.toEqual(before.sort());
    // Still 2 a while later: paused means paused (a run at its 25 steps a second would have moved).
    await framesPass(page, 30);
    expect(await stepOf(page)).toBe(2);
    expect(await panel.locator('.loss-chart').getAttribute('aria-label')).toMatch(/^Training loss over 2 steps/);
    // The decision region has its axes, in the data's coordinates.
    const titles = await panel.locator('.decision-map .axis-title').allTextContents();
    expect(titles.sort()).toEqual(['x₁', 'x₂']);
    expect(await panel.locator('.decision-map .axis-bottom text').count()).toBeGreaterThanOrEqual(4);
    expect(await panel.locator('.decision-map .axis-left text').count()).toBeGreaterThanOrEqual(4);
    expect(await panel.locator('.decision-map').getAttribute('aria-label')).toMatch(/x₁ from −?[\d.]+ to [\d.]+ across, x₂ from/);
    expect(await axeViolations(page, [TENSOR])).toEqual([]);
    // Resume at 5 steps a second, then pause: the count stops where it is.
    await panel.getByRole('combobox', { name: /^Speed/ }).selectOption({ label: '5 steps a second' });
    await panel.getByRole('button', { name: 'Resume', exact: true }).click();
    await waitForStep(page, 4, Infinity);
    await panel.getByRole('button', { name: 'Pause', exact: true }).click();
    await panel.locator('.train-status', { hasText: 'Paused after' }).waitFor();
    // A report already on its way may still land; then the count holds (at 5 a second it would move within 1 s).
    let paused = await stepOf(page);
    for (let still = 0; still < 4; ) {
      await framesPass(page, 15);
      const now = await stepOf(page);
      still = now === paused ? still + 1 : 0;
      paused = now;
    }
    await framesPass(page, 60);
    expect(await stepOf(page)).toBe(paused);
    const firstLoss = (await panel.locator('.loss-chart').getAttribute('aria-label'))!.match(/from (\S+) to/)![1];
    // Resume: from the paused step with the same run (the curve keeps its first point), never from 0.
    await panel.getByRole('button', { name: 'Resume', exact: true }).click();
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      seen.push(await stepOf(page));
      await framesPass(page, 15);
    }
    await waitForStep(page, paused + 1, Infinity);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(paused);
    // Step is for a paused run: not offered while running.
    expect(await step.isDisabled()).toBe(true);
    // Pause again to read the curve and the counter at one moment: one point per step, the first one kept.
    await panel.getByRole('button', { name: 'Pause', exact: true }).click();
    await panel.locator('.train-status', { hasText: 'Paused after' }).waitFor();
    // A report already on its way may still land: read once the curve and the counter hold.
    await steady(page, () => [document.querySelector('section.tensor-panel .loss-chart')?.getAttribute('aria-label'), document.querySelector('section.tensor-panel .figures:has(.fig-loss) dd')?.textContent], 30);
    const [label, shown] = await Promise.all([panel.locator('.loss-chart').getAttribute('aria-label'), stepOf(page)]);
    expect(label).toContain(`from ${firstLoss} to`);
    expect(Number(label!.match(/over (\d+) steps/)![1])).toBe(shown);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('the speed sets the pace: a step a second takes a few steps in two seconds, Fast finishes the run', async () => {
    const { page, watch } = await openTensor();
    const panel = page.locator(TENSOR);
    await panel.getByRole('combobox', { name: /^Speed/ }).selectOption({ label: '1 step a second' });
    await panel.getByRole('button', { name: 'Train', exact: true }).click();
    await waitForStep(page, 1, Infinity);
    const start = await stepOf(page);
    await page.waitForTimeout(2000);
    // At most one a second, however busy the machine (it can only be slower).
    expect((await stepOf(page)) - start).toBeLessThanOrEqual(3);
    await panel.getByRole('combobox', { name: /^Speed/ }).selectOption({ label: 'Fast: as fast as it goes' });
    await panel.locator('.train-status', { hasText: 'Trained 400 steps' }).waitFor({ timeout: wait(30_000) });
    expect(await panel.getByRole('button', { name: 'Train', exact: true }).count()).toBe(1);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('with 32 hidden units draws the 16 with the largest weights, and says so', async () => {
    const { page, watch } = await openTensor();
    const panel = page.locator(TENSOR);
    await panel.getByRole('combobox', { name: /^Hidden units/ }).selectOption('32');
    await panel.getByRole('button', { name: 'Step', exact: true }).click();
    await waitForStep(page, 1);
    expect(await edgeWeights(page)).toHaveLength(4 * 16);
    expect(await panel.locator('.network-diagram').getAttribute('aria-label')).toMatch(/32 hidden units \(16 of them drawn\), 2 outputs; 128 weights/);
    expect(await panel.locator('.tensor-network .network-note').textContent()).toContain('Only the 16 hidden units with the largest weights are drawn, of 32');
    // A new width while paused starts the run over, paused at step 0 with the untrained network.
    await panel.getByRole('combobox', { name: /^Hidden units/ }).selectOption('8');
    await waitForStep(page, 0);
    expect(await edgeWeights(page)).toHaveLength(4 * 8);
    expect(await panel.getByRole('button', { name: 'Resume', exact: true }).count()).toBe(1);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  // 390 × 600: a phone with its browser's bars, or a projector's short window. There the charts'
  // block (1,600 px) is far taller than the window: the run starts once the reader has scrolled
  // its top into the upper 70 % of the window (with the section's top at the window's, the
  // charts begin at 500 px, under the controls, and the run waits).
  it.each([
    [1366, 768],
    [390, 600],
  ] as const)('at %i×%i, without reduced motion, trains by itself once the charts are in view, at a pace one can follow', async (width, height) => {
    const { page, watch } = await openTensor({ viewport: { width, height } });
    await page.locator(`${TENSOR} .tensor-charts`).evaluate((charts) => charts.scrollIntoView({ block: 'start' }));
    await waitForStep(page, 1, Infinity);
    // 25 steps a second: the 400 steps cannot be nearly done a moment after the first.
    expect(await stepOf(page)).toBeLessThan(200);
    expect(await page.locator(`${TENSOR} .train-status`).textContent()).toBe('Training in the worker…');
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
