import { describe, expect, it } from 'vitest';
import { axeViolations, scrollUntilInView, systemScheme } from './helpers.ts';
import { field, PLAYGROUND, scrollTo, showing, startKit, TENSOR } from './playgroundKit.ts';
import { wait } from './patience.ts';

const { open, openPlayground } = startKit();

describe('the tensor panel in Chromium', () => {
  it('trains in its worker, the loss going down on screen, and compares the two tapes', async () => {
    const { page, watch } = await open();
    const panel = page.locator(TENSOR);
    // Scrolled to until there: the playground above grows as its own body loads (the gallery, the
    // traces), and a single scroll could land on it, leaving the tensor section far from the screen.
    // The comparison shares the tensor worker with the run that starts by itself once the charts
    // are in view.
    await scrollUntilInView(page, `${TENSOR} .compare-table`, TENSOR);
    await panel.locator('.compare-table').waitFor({ timeout: wait(60_000) });
    expect(page.workers().some((w) => w.url().includes('tensor.worker'))).toBe(true);
    // It trains by itself at a pace one can follow; Fast is the old speed, the whole run in about sixty reports.
    await panel.getByLabel('Speed').selectOption({ label: 'Fast: as fast as it goes' });
    await page.waitForFunction((sel) => !document.querySelector(`${sel} .train-buttons`)?.textContent?.includes('Pause'), TENSOR, { timeout: wait(30_000) });
    const lossFigure = () => panel.locator('.figures div', { hasText: 'loss (all points)' }).locator('dd').textContent();
    // (The training's own figures: the zero_grad() comparison above has two lists of its own.)
    // Every step and loss the figures show from the click on, as they change: at Fast the run may
    // end between two polls of a busy machine, and its middle must still have been on screen.
    await panel.locator('.figures', { hasText: 'loss (all points)' }).evaluate((figures) => {
      const shown: [string, string][] = [];
      (window as unknown as { shown: typeof shown }).shown = shown;
      const read = () => {
        const values = [...figures.querySelectorAll('dd')].map((d) => d.textContent ?? '');
        shown.push([values[0], values[1]]);
      };
      new MutationObserver(read).observe(figures, { subtree: true, childList: true, characterData: true });
    });
    await panel.getByRole('button', { name: 'Train', exact: true }).click();
    // Done: the figures showed the new run under way, and it has reported its end (the run before it ended the same way).
    await page.waitForFunction(
      (sel) =>
        (window as unknown as { shown: [string, string][] }).shown.some(([step]) => step !== '400 of 400') &&
        document.querySelector(`${sel} .train-status`)?.textContent?.startsWith('Trained 400 steps'),
      TENSOR,
      { timeout: wait(30_000) },
    );
    const shown = await page.evaluate(() => (window as unknown as { shown: [string, string][] }).shown);
    const middle = shown.filter(([step]) => /^([1-9]|[1-9]\d|[1-3]\d\d) of 400$/.test(step));
    expect(middle.length, JSON.stringify(shown.slice(0, 5))).toBeGreaterThan(0);
    const early = Number(middle[0][1]);
    const late = Number(await lossFigure());
    expect(late).toBeLessThan(early);
    expect(late).toBeLessThan(0.1);
    expect(await panel.locator('.loss-chart').getAttribute('aria-label')).toMatch(/Training loss over 400 steps, from 0\.6\d+ to 0\.0\d+/);
    expect(await panel.locator('.decision-map image').getAttribute('href')).toMatch(/^data:image\/png;base64,/);
    expect(await panel.locator('.decision-map .pt').count()).toBe(200);
    expect(await panel.locator('.figures', { hasText: 'loss (all points)' }).textContent()).toContain('100.0%');
    // The comparison: nodes, bytes and time per step on each tape, the ratio, and agreement.
    const cells = await panel.locator('.compare-table tbody tr').evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)),
    );
    expect(cells[0]).toEqual(['nodes on the tape', '30,682', '10', '3,068×']);
    expect(cells[1][0]).toBe('memory held');
    expect(await panel.locator('.compare-agree').textContent()).toMatch(/^✓ The gradients agree/);
    // A ratio with the sentence about it, or, when the machine was too busy to tell, words that say
    // so, and neither tape's time as a number (both come from the same rounds as the ratio).
    if (cells[2][3] === 'too noisy') {
      expect(await panel.locator('.compare-why').textContent()).toMatch(/too widely to tell/);
      expect(cells[2].slice(1, 3)).toEqual(['too noisy', 'too noisy']);
    } else {
      expect(cells[2][1]).toMatch(/^\d.* ms$/);
      expect(cells[2][3]).toMatch(/^\d+(\.\d)?×$/);
      expect(await panel.locator('.compare-why').textContent()).toMatch(/10–100×/);
    }
    // Pause: a long run holds where it is and keeps what it drew.
    // At 25 steps a second the run is still going when Pause is pressed, however busy the machine.
    await panel.getByLabel('Speed').selectOption({ value: '25' });
    await panel.getByLabel('Training steps').fill('2000');
    await panel.getByRole('button', { name: 'Train', exact: true }).click();
    await page.waitForFunction((sel) => /^[1-9]\d* of 2000$/.test(document.querySelector(`${sel} .figures:has(.fig-loss) dd`)?.textContent ?? ''), TENSOR);
    await panel.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.waitForFunction((sel) => document.querySelector(`${sel} .train-status`)?.textContent?.startsWith('Paused after'), TENSOR);
    const pausedAt = Number((await panel.locator('.train-status').textContent())!.match(/after (\d+) steps?/)![1]);
    expect(pausedAt).toBeLessThan(2000);
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});

describe('accessibility', () => {
  it('at 1366×768, light, then 1920×1080, dark: both sections, no axe violations, nothing wider than the page', async () => {
    const passes = [
      { width: 1366, height: 768, colorScheme: 'light' },
      { width: 1920, height: 1080, colorScheme: 'dark' },
    ] as const;
    const { page, watch } = await openPlayground('#expr=x*y%20+%20sin(x^2)%20-%20ln(y)&at=x:0.5,y:3', { viewport: passes[0], colorScheme: 'light' });
    // One page: the second pass resizes it and turns the system dark (systemScheme).
    for (const { width, height, colorScheme } of passes) {
      await page.setViewportSize({ width, height });
      await systemScheme(page, colorScheme);
      await field(page).fill('x*y + sin(x^2) - ln(y');
      await page.locator(`${PLAYGROUND} .expr-error`).waitFor();
      await scrollTo(page, PLAYGROUND);
      await field(page).fill('x*y + sin(x^2) - ln(y)');
      await page.locator(PLAYGROUND).getByRole('button', { name: 'sqrt at 0 (a norm)', exact: true }).click();
      await showing(page, 'sqrt(x^2 + y^2)');
      await scrollTo(page, PLAYGROUND);
      await scrollTo(page, TENSOR);
      const speed = page.locator(TENSOR).getByLabel('Speed');
      if ((await speed.inputValue()) !== 'fast') await speed.selectOption({ label: 'Fast: as fast as it goes' });
      await page.waitForFunction((sel) => document.querySelector(`${sel} .train-status`)?.textContent?.startsWith('Trained'), TENSOR, { timeout: wait(30_000) });
      await page.locator(`${TENSOR} .compare-table`).waitFor();
      await scrollTo(page, TENSOR);
      const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      expect(scrollWidth, `${width}`).toBeLessThanOrEqual(clientWidth);
      expect(await axeViolations(page, [PLAYGROUND, TENSOR]), `${width} ${colorScheme}`).toEqual([]);
    }
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
