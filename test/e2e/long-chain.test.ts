import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './harness.ts';
import { framesPass } from './helpers.ts';
import { wait } from './patience.ts';

const env = sharedBrowser();

/**
 * The chain at any length (issue 14): from the typed steps field or a link, up to 100,000
 * steps. Reverse mode and the checkpointed sweep always run; forward mode, central differences
 * and the sweep over epsilon, whose cost grows as T², are estimated instead when they would
 * take more than about a second, and every place that shows one says "≈ … not run". How long
 * the page's tasks take while it loads a long chain is a speed figure, measured by
 * `npm run bench:ui` (the "long chain" rows), not asserted here.
 */
async function open(hash: string) {
  const { page, watch } = await env.page({ viewport: { width: 1920, height: 1080 } });
  await page.goto(`${env.served.url}${hash}`);
  return { page, watch };
}

const summary = (page: Page) => page.locator('.summary');

/** Waits until the report on screen is the chain of `steps` steps and nothing is computing. */
async function reportFor(page: Page, steps: number) {
  await page.waitForFunction(
    (n) => document.querySelector('.summary')?.textContent?.includes(`P = ${2 * n}`) && !document.querySelector('.progress.on'),
    steps,
    { timeout: wait(90_000) },
  );
}

describe('the chain at any length', () => {
  for (const steps of [20_000, 100_000]) {
    it(`#steps=${steps} loads with reverse and checkpointed computed and the others estimated, marked in every place`, async () => {
      const { page, watch } = await open(`#steps=${steps}`);
      await reportFor(page, steps);
      // The summary: reverse mode's 2 and the checkpointed count are counted; forward mode and
      // central differences are marked estimates, their errors not run.
      const text = (await summary(page).textContent()) ?? '';
      expect(text).toMatch(/Work per gradient, in passes \(P = [\d]+\)2reverse/);
      expect(text).toContain('forward, not run');
      expect(text).toContain('finite diff., not run');
      expect(text).toMatch(/Forward vs reversenot run/);
      expect(text).toMatch(/Finite-diff\. error \(RMS\)not run/);
      expect(text).toMatch(/Best hnot run/);
      // Each panel that would show them says why, with the time it would take.
      const forward = page.locator('main section').filter({ has: page.getByRole('heading', { name: 'Forward mode', exact: true }) });
      await expect.poll(() => forward.locator('.not-run').textContent()).toMatch(
        new RegExp(`^Forward mode is not run at T = ${steps.toLocaleString('en-US')}: it would take ≈ [\\d.]+ (s|min|h) \\(≈ ${(2 * steps + 1).toLocaleString('en-US')} passes\\), estimated from a timed run at 256 steps\\.$`),
      );
      const fd = page.locator('main section').filter({ has: page.getByRole('heading', { name: 'Finite differences', exact: true }) });
      const fdNotes = await fd.locator('.not-run').allTextContents();
      expect(fdNotes).toHaveLength(2);
      expect(fdNotes[0]).toMatch(/^The sweep over h is not run/);
      expect(fdNotes[1]).toMatch(new RegExp(`^Central differences are not run .*≈ ${(4 * steps + 1).toLocaleString('en-US')} passes`));
      // The Work chart reaches the chosen T and labels the estimates; the table marks their rows.
      const work = page.locator('main section').filter({ has: page.getByRole('heading', { name: 'Work', exact: true }) });
      const labels = await work.locator('.work-label.estimated').allTextContents();
      expect(labels.sort()).toEqual([`≈ ${2 * steps + 1} forward, not run`, `≈ ${4 * steps + 1} finite diff., not run`].sort());
      expect(await work.locator('.axis-bottom').textContent()).toContain(steps === 100_000 ? '100k' : '10k');
      const rows = await work.locator('.time-table tr.estimated th').allTextContents();
      expect(rows).toEqual(['forward mode (not run)', 'central differences (not run)']);
      // The numerical notes say the same, once each.
      const notes = await page.locator('.notices').textContent();
      expect(notes).toContain('forward mode is not run at this length');
      expect(notes).toContain('central differences are not run at this length');
      // Reverse mode ran: its tape and its last gradients are real numbers.
      const reverse = page.locator('main section').filter({ has: page.getByRole('heading', { name: 'Reverse mode', exact: true }) });
      expect(await reverse.textContent()).toContain(`tape${(14 * steps + 5).toString()} nodes × 40 B`);
      // The header slider stops at 200; the field holds the chain's steps.
      expect(await page.getByLabel(/^Chain steps, typed/).inputValue()).toBe(String(steps));
      expect(watch.errors).toEqual([]);
      await page.close();
    });
  }

  it('the typed field takes a long chain, refuses what it cannot use, and a short chain runs everything again', async () => {
    const { page, watch } = await open('#steps=40');
    await reportFor(page, 40);
    const field = page.getByLabel(/^Chain steps, typed/);
    await field.fill('20x');
    await field.press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('“20x” is not a whole number from 1 to 100,000.');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('steps')).toBe('40');
    await field.press('Escape');
    expect(await field.inputValue()).toBe('40');

    // A half-typed value is not run: only Enter (or leaving the field) commits it.
    await field.fill('5000');
    // A commit on input would have written the hash within the input's own task.
    await framesPass(page, 2);
    expect(new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('steps')).toBe('40');
    await field.press('Enter');
    await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('steps') === '5000');
    await reportFor(page, 5000);
    // The header slider's thumb sits at its end and says where the value is.
    expect(await page.getByLabel('Chain steps', { exact: true }).getAttribute('aria-valuetext')).toMatch(/^5000 steps, past the slider's end/);

    // Back to a short chain: every method runs and nothing is marked.
    await field.fill('60');
    await field.press('Tab');
    await reportFor(page, 60);
    // The quick run paints first; the sweep (not run at 5000) follows at once and clears the marks.
    await page.waitForFunction(() => document.querySelectorAll('.not-run').length === 0);
    expect(await summary(page).textContent()).not.toContain('not run');
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
