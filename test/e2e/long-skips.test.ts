import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ENGINE_RESTARTED } from '../../workers/channel/faults.ts';
import { sharedBrowser } from './harness.ts';
import { wait } from './patience.ts';

const env = sharedBrowser();

/**
 * Issue 32: revolve with one snapshot at 100,000 steps (5·10⁹ step evaluations) is estimated and
 * left out, not run: the page finishes instead of "Computing…" without end, and the checkpoint
 * panel and the frontier say what was left out and what it would have cost.
 */
describe('a checkpoint part too long to run', () => {
  // The notes are words, the same at any width; what a width changes is which panels are on screen
  // (a panel far from it waits): a laptop, then a phone, where most panels start off screen.
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    it(`#steps=100000&schedule=revolve&snapshots=1 finishes and names what it left out (${viewport.width}×${viewport.height})${viewport.width === 1366 ? '; the other methods are timed and the next run answered by the same worker' : ''}`, async () => {
      const { page, watch } = await env.page({ viewport });
      await page.goto(`${env.served.url}#steps=100000&schedule=revolve&snapshots=1`);
      // The run ends (nothing left computing) with the estimate on screen.
      await page.waitForFunction(
        () => document.querySelector('.checkpoint-note.not-run') !== null && !document.querySelector('.progress.on'),
        undefined,
        { timeout: wait(60_000) },
      );
      const note = page.locator('.checkpoint-note.not-run');
      expect(await note.textContent()).toMatch(/^The checkpointed sweep is not run at T = 100,000: its 5,000,050,000 step evaluations would take ≈ [\d.]+ (min|h)/);
      // The frontier is not drawn, and says what it would cost: the worker's cache carries its
      // estimate from the run that left it out through the sweep's run that follows
      // (workers/lab/cachedParts.ts; test/app/cachedParts.test.ts).
      expect(await page.locator('.frontier .empty').textContent()).toMatch(
        /^The frontier is not run at T = 100,000: its 200,000 schedules \(every stride and snapshot count\) would take ≈ [\d.]+ (min|h)/,
      );
      if (viewport.width === 1366) await timedAndFree(page);
      expect(watch.errors).toEqual([]);
      await page.close();
    });
  }
});

/** The other methods are timed and the schedule left out estimated, so the worker is free for the next run. */
async function timedAndFree(page: Page) {
  const work = page.locator('main section').filter({ has: page.getByRole('heading', { name: 'Work', exact: true }) });
  await work.locator('.time-table').scrollIntoViewIfNeeded();
  // The timing ends (run at full length, the schedule would take hours): reverse mode gets a time.
  const reverseTime = work.locator('.time-table tbody tr', { has: page.locator('th', { hasText: /^reverse mode$/ }) }).locator('td').nth(1);
  await expect.poll(() => reverseTime.textContent(), { timeout: wait(60_000) }).toMatch(/^[\d.]+ m?s$/);
  const row = work.locator('.time-table tbody tr', { has: page.locator('th', { hasText: /^checkpointed/ }) });
  expect(await row.locator('th').textContent()).toBe('checkpointed (not run)');
  // Its time is the run's own estimate, the one the checkpoint panel quotes.
  const quoted = (await page.locator('.checkpoint-note.not-run').textContent())?.match(/would take (≈ [\d.]+ (?:min|h))/)?.[1];
  expect(await row.locator('td').nth(1).textContent()).toBe(quoted);
  // The next run is answered by the same worker, not after a stall and a restart.
  await page.evaluate(() => (location.hash = '#steps=100000&schedule=revolve&snapshots=2'));
  await page.waitForFunction(() => /with 2 snapshots/.test(document.body.textContent ?? '') && !document.querySelector('.progress.on'), undefined, { timeout: wait(60_000) });
  expect(await page.locator('body').textContent()).not.toContain(ENGINE_RESTARTED);
}
