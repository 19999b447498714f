import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedBrowser, waitForCharts } from './harness.ts';
import { steady } from './helpers.ts';
import { wait } from './patience.ts';

const env = sharedBrowser();

/** The checkpoint panel's text once the report for `stride` has arrived. */
async function openAt(hash: string, viewport: { width: number; height: number }, keep = false) {
  const { page, watch } = await env.page({ viewport, keep });
  await page.goto(`${env.served.url}${hash}`);
  // The panels below the fold are drawn as they come near: bring the Checkpoint panel's heading up.
  await page.getByRole('heading', { name: 'Checkpoint schedule' }).first().scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('.checkpoint-least')?.textContent?.includes('Least memory'));
  return { page, watch };
}

/** The lab's whole hash for these settings (the rest at their defaults), as it writes it back. */
const fullHash = (steps: number, stride: number) =>
  `#steps=${steps}&eps=1e-5&stride=${stride}&schedule=periodic&snapshots=3&c=0.35&x0=0.4&target=0.25`;

/**
 * One page at 1366 × 768 that the tests which need the panel in a state share (one load instead of
 * three): each brings it to its settings by the hash, as an edited address bar does, and waits for
 * that report (its steps in the summary, its stride in the counts, nothing stale) before openAt's
 * own wait for the panel.
 */
let shared: { page: Page; watch: { errors: string[] } } | null = null;
async function sharedAt(steps: number, stride: number) {
  if (!shared) {
    shared = await openAt(fullHash(steps, stride), { width: 1366, height: 768 }, true);
  } else {
    const { page } = shared;
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      ([h, p, k]) => {
        // Set again while it differs (a control's late commit can land after the first setting).
        if (window.location.hash !== h) {
          window.location.hash = h;
          return false;
        }
        return (
          (document.querySelector('.summary')?.textContent ?? '').includes(`P = ${p})`) &&
          (document.querySelector('.checkpoint-counts')?.textContent ?? '').includes(`stride ${k}`) &&
          !document.querySelector('.stale')
        );
      },
      [fullHash(steps, stride), 2 * steps, stride] as const,
      { timeout: wait(60_000), polling: 100 },
    );
    await waitForCharts(page);
    await steady(page, () => [window.scrollX, window.scrollY]);
    await page.getByRole('heading', { name: 'Checkpoint schedule' }).first().scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('.checkpoint-least')?.textContent?.includes('Least memory'));
  }
  shared.watch.errors.length = 0;
  return shared;
}
afterAll(() => shared?.page.close());

describe('the one memory model in the Checkpoint panel', () => {
  it('T = 36: least memory is stride 1 in bytes and stride 6 in held items; a wide state moves the bytes to stride 6', async () => {
    const { page, watch } = await sharedAt(36, 6);
    const least = page.locator('.checkpoint-least');
    // Scalar: 35 stored floats, step 35's 760-byte tape and x_36 = 1,048 bytes; 12 items at stride 6.
    expect(await least.textContent()).toMatch(/Least memory: stride 1, 1(\.0)? KiB \(in held items: stride 6, 12 items\)\./);
    // The note's byte-optimal stride, √(T·S/R) with S = 8 and R = 640 bytes: under 1, so stride 1 above.
    expect(await page.locator('.checkpoint-note').first().textContent()).toContain(
      `a recorded step weighs 80 stored states, so the best stride is near √(T·S/R), about ${Math.sqrt((36 * 8) / 640).toFixed(1)} here.`,
    );
    const counts = page.locator('.checkpoint-counts');
    expect(await counts.locator('tr', { hasText: 'items held at once' }).textContent()).toMatch(/37\s*12/);
    // The full tape (stride 36) holds 23,168 bytes.
    expect(await counts.locator('tr', { hasText: 'bytes held at peak' }).textContent()).toMatch(/22\.6 KiB/);
    await page.getByLabel(/Wide state/).check();
    await page.waitForFunction(() => /stride 6, 7\.6 KiB/.test(document.querySelector('.checkpoint-least')?.textContent ?? ''));
    expect(await page.evaluate(() => window.location.hash)).toContain('state=wide');
    await page.locator('.checkpoint-side').first().scrollIntoViewIfNeeded();
    expect(watch.errors).toEqual([]);
  });

  it('speaks the glossary’s words: stored states (checkpoints) and recorded steps; “snapshots” only names revolve’s setting', async () => {
    const { page, watch } = await sharedAt(40, 1);
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Checkpoint schedule' }) }).first();
    expect(await panel.locator('.legend li').allTextContents()).toEqual(expect.arrayContaining(['recorded step, held', 'stored state (checkpoint), held']));
    // Periodic: the word appears once, naming revolve's setting in the frontier's legend.
    expect((await panel.textContent())!.replace('binomial (revolve), each snapshot count', '')).not.toMatch(/snapshot/i);
    // Stride 1 stores every state; it is not the full tape.
    expect(await page.getByLabel('Checkpoint stride').evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent)).toBe(
      'k = 1 stores every state and re-tapes one step at a time',
    );
    await page.getByRole('radio', { name: 'Binomial' }).check();
    await page.waitForFunction(() => document.querySelector('.checkpoint-note')?.textContent?.includes('revolve'));
    // The setting keeps its name, and the note says what it counts.
    expect(await page.locator('.checkpoint-note').textContent()).toMatch(/with 3 snapshots \(checkpoints it may store at once\)/);
    expect(watch.errors).toEqual([]);
  });

  it('the Work panel shows passes beside measured time', async () => {
    // (On the shared page at 1366 × 768: what it says does not depend on the width.)
    const { page } = await sharedAt(40, 4);
    await page.waitForFunction(() => /reverse mode: 2 passes, (≈ [\d.]+ runs of time \(middle half [\d.]+–[\d.]+\)|time too noisy to tell on this machine just now), the same at every T/.test(document.querySelector('.cost-lines')?.textContent ?? ''), undefined, { timeout: wait(60_000) });
    expect(await page.locator('.cost-lines').textContent()).toMatch(/forward mode: 81 passes \(P \+ 1\), (≈ [\d.]+ runs of time \(middle half [\d.]+–[\d.]+\)|time too noisy to tell on this machine just now), growing with P/);
    await page.locator('.cost-lines').scrollIntoViewIfNeeded();
  });

  it('looks right on a phone (390 × 844)', async () => {
    const { page } = await openAt('#steps=36&stride=6&state=wide', { width: 390, height: 844 });
    await page.locator('.checkpoint-least').scrollIntoViewIfNeeded();
    expect(await page.locator('.checkpoint-least').textContent()).toMatch(/stride 6, 7\.6 KiB/);
    await page.close();
  });
});
