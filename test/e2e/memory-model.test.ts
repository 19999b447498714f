import { describe, expect, it } from 'vitest';
import { openPage, sharedBrowser } from './harness.ts';

const env = sharedBrowser();

/** The checkpoint panel's text once the report for `stride` has arrived. */
async function openAt(hash: string, viewport: { width: number; height: number }) {
  const context = await env.context({ viewport });
  const { page, watch } = await openPage(context, env.served.origin);
  await page.goto(`${env.served.url}${hash}`);
  // The panels below the fold are drawn as they come near: bring the Checkpoint panel's heading up.
  await page.getByRole('heading', { name: 'Checkpoint schedule' }).first().scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('.checkpoint-least')?.textContent?.includes('Least memory'));
  return { context, page, watch };
}

describe('the one memory model in the Checkpoint panel', () => {
  it('T = 36: least memory is stride 1 in bytes and stride 6 in held items; a wide state moves the bytes to stride 6', async () => {
    const { context, page, watch } = await openAt('#steps=36&stride=6', { width: 1366, height: 768 });
    const least = page.locator('.checkpoint-least');
    // Scalar: 35 stored floats, step 35's 760-byte tape and x_36 = 1,048 bytes; 12 items at stride 6.
    expect(await least.textContent()).toMatch(/Least memory: stride 1, 1(\.0)? KiB \(in held items: stride 6, 12 items\)\./);
    const counts = page.locator('.checkpoint-counts');
    expect(await counts.locator('tr', { hasText: 'items held at once' }).textContent()).toMatch(/37\s*12/);
    // The full tape (stride 36) holds 23,168 bytes.
    expect(await counts.locator('tr', { hasText: 'bytes held at peak' }).textContent()).toMatch(/22\.6 KiB/);
    await page.getByLabel(/Wide state/).check();
    await page.waitForFunction(() => /stride 6, 7\.6 KiB/.test(document.querySelector('.checkpoint-least')?.textContent ?? ''));
    expect(await page.evaluate(() => window.location.hash)).toContain('state=wide');
    await page.locator('.checkpoint-side').first().scrollIntoViewIfNeeded();
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('speaks the glossary’s words: stored states (checkpoints) and recorded steps; “snapshots” only names revolve’s setting', async () => {
    const { context, page, watch } = await openAt('#steps=40&stride=1', { width: 1366, height: 768 });
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
    await context.close();
  });

  it('the Work panel shows passes beside measured time', async () => {
    const { context, page } = await openAt('#steps=40', { width: 1920, height: 1080 });
    await page.waitForFunction(() => /reverse mode: 2 passes, ≈ [\d.]+ runs of time, the same at every T/.test(document.querySelector('.cost-lines')?.textContent ?? ''), undefined, { timeout: 60_000 });
    expect(await page.locator('.cost-lines').textContent()).toMatch(/forward mode: 81 passes \(P \+ 1\), ≈ [\d.]+ runs of time, growing with P/);
    await page.locator('.cost-lines').scrollIntoViewIfNeeded();
    await context.close();
  });

  it('looks right on a phone (390 × 844)', async () => {
    const { context, page } = await openAt('#steps=36&stride=6&state=wide', { width: 390, height: 844 });
    await page.locator('.checkpoint-least').scrollIntoViewIfNeeded();
    expect(await page.locator('.checkpoint-least').textContent()).toMatch(/stride 6, 7\.6 KiB/);
    await context.close();
  });
});
