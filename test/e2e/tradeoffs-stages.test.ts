import { describe, expect, it } from 'vitest';
import { scrollTo, startKit } from './playgroundKit.ts';
import { wait } from './patience.ts';

const SECTION = 'section.tradeoffs-panel';

const { open } = startKit();

/**
 * Issue 32: at T = 1000 the section's worker computes for most of a second and times for more;
 * the page says which part it is on (the worker's stages), not a bare "Computing…".
 */
describe('What frameworks hide at T = 1000', () => {
  it('says which part its worker is on while it computes, then draws the four levers', async () => {
    const { page, watch } = await open('#steps=1000');
    // Every text the section's placeholders and status line show, as they come.
    await page.evaluate((section) => {
      const seen: string[] = [];
      (window as unknown as { stagesSeen: string[] }).stagesSeen = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll(`${section} .tape-placeholder, ${section} .tradeoffs-stage`)) {
          const text = el.textContent ?? '';
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, SECTION);
    await scrollTo(page, SECTION);
    await page.locator(`${SECTION} .lever`).nth(3).waitFor({ timeout: wait(60_000) });
    const seen = await page.evaluate(() => (window as unknown as { stagesSeen: string[] }).stagesSeen);
    // The truncation curve alone tapes T(T + 1)/2 = 500,500 steps: it is on screen past the 200 ms a stage waits.
    expect(seen.some((t) => /^Computing the four levers: the (gradient|truncation curve|fused tape|Jacobian)[^…]*…$/.test(t))).toBe(true);
    // Every placeholder says what it waits for.
    expect(seen.filter((t) => /^Computing…$/.test(t))).toEqual([]);
    expect(await page.locator(`${SECTION} .lever h3`).count()).toBe(4);
    expect(await page.locator(`${SECTION} .fig-jacobian-forward dd`).textContent()).toBe('2003 passes');
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
