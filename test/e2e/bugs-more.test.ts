import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, scrollUntilInView } from './helpers.ts';
import { field, PLAYGROUND, row, scrollTo, showing, startKit, TENSOR } from './playgroundKit.ts';
import { wait } from './patience.ts';

/** The bugs on the playground's expression, free-late's chart, and the tensor section's training without zero_grad(). */

const { open, openPlayground } = startKit();

/** A number as the tables print it ('−0.25' with the minus sign, '4.96891242171'). */
const num = (text: string | null) => Number((text ?? '').replace('\u2212', '-').trim());

/** The bugs table's cells of one variable's row: right, zero-grad, overwrite, detach (with the use it names). */
async function bugRow(page: Page, name: string): Promise<string[]> {
  return page.locator(`${PLAYGROUND} .pg-bugs-table tbody tr`, { has: page.locator(`th:text-is("${name}")`) }).locator('td').allTextContents();
}

const detachOf = (page: Page, name: string) =>
  page.locator(`${PLAYGROUND} .pg-bugs-table tbody tr`, { has: page.locator(`th:text-is("${name}")`) }).locator('.pg-bug-detach .num').textContent();

describe('the bugs on the playground’s expression', () => {
  it('per input: zero-grad exactly twice the right value, overwrite the gradient table’s = column, detach the first use lost; the refusals', async () => {
    const { page, watch } = await openPlayground();
    await page.locator(`${PLAYGROUND} .pg-bugs-table`).waitFor();
    // x*y + sin(x^2) − ln(y) at x = 0.5, y = 4.
    for (const name of ['x', 'y']) {
      const [right, zero, overwrite] = await bugRow(page, name);
      const grad = await row(page, name);
      // The right value is the gradient table's reverse mode; the overwrite its "with =" column.
      expect(right).toBe(grad[1]);
      expect(overwrite).toBe(grad[7]);
      expect(Math.abs(num(zero) - 2 * num(right))).toBeLessThanOrEqual(1e-11 * Math.abs(num(right)));
    }
    // x is read first by x*y: = keeps y = 4; detached there, only 2x·cos(x²) = cos(0.25) is left.
    expect((await bugRow(page, 'x'))[2]).toBe('4');
    expect(num(await detachOf(page, 'x'))).toBeCloseTo(Math.cos(0.25), 10);
    expect(await page.locator(`${PLAYGROUND} .pg-bug-detach .pg-bug-use`).first().textContent()).toBe(' in x*y');
    // y: right x − 1/y = 0.25; = keeps x = 0.5; detached at x*y, −1/y = −0.25.
    expect((await bugRow(page, 'y')).slice(0, 3)).toEqual(['0.25', '0.5', '0.5']);
    expect(num(await detachOf(page, 'y'))).toBe(-0.25);
    // x^2 is read by sin's rule: changed in place, the version check refuses.
    expect(await page.locator(`${PLAYGROUND} .pg-bug-inplace pre`).textContent()).toMatch(
      /h = x\^2\nh\.mul_\(0\.5\).*\nf\.backward\(\)\nRuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: \[torch\.DoubleTensor \[\]\], which is output 0 of MulBackward0, is at version 1; expected version 0 instead\. Hint: /,
    );
    expect(await page.locator(`${PLAYGROUND} .pg-bug-retain pre`).textContent()).toMatch(/RuntimeError: Trying to backward through the graph a second time/);
    // A sum saves nothing for its rules: nothing to change in place, and every bug but detach gives the right value.
    await field(page).fill('x + y');
    await showing(page, 'x + y');
    await page.locator(`${PLAYGROUND} .pg-bug-inplace-none`).waitFor();
    expect((await bugRow(page, 'x')).slice(0, 3)).toEqual(['1', '2', '1']);
    expect(num(await detachOf(page, 'x'))).toBe(0);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('at 390 px each input is a card that fits the page', async () => {
    const { page, watch } = await openPlayground('', { viewport: { width: 390, height: 844 } });
    const table = page.locator(`${PLAYGROUND} .pg-bugs-table`);
    await table.waitFor();
    await scrollUntilInView(page, `${PLAYGROUND} .pg-bugs-table`, PLAYGROUND);
    const box = await table.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // The column's name is written beside each number.
    expect(await page.locator(`${PLAYGROUND} .pg-bugs-table thead`).isVisible()).toBe(false);
    expect(await page.locator(`${PLAYGROUND} .pg-bugs-table td.pg-bug-zero`).first().evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"zero-grad"');
    const overflow = await page.locator(`${PLAYGROUND} .pg-bugs`).evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, [`${PLAYGROUND} .pg-bugs`])).toEqual([]);
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});

describe('free-late’s chart', () => {
  it('draws the bytes held along both sweeps, with the peaks the figures state', async () => {
    const { page, watch } = await open('#bug=free-late');
    await scrollTo(page, 'section.bugs-panel');
    const detail = page.locator('section.bugs-panel .bug-detail');
    await detail.locator('svg.chart .series-line').first().waitFor({ state: 'attached', timeout: wait(60_000) });
    expect(await detail.locator('svg.chart .series-line').count()).toBe(2);
    const right = await detail.locator('.fig-bug-right dd').textContent();
    const wrong = await detail.locator('.fig-bug-wrong dd').textContent();
    const title = await detail.locator('svg.chart').first().getAttribute('aria-label');
    // The chart's peaks are the figures' (both from the engine's one count).
    expect(title).toContain(`the most is ${right} at the start`);
    expect(title).toContain(`it rises to ${wrong}`);
    expect(title).toMatch(/each of the \d+ nodes/);
    expect(Number((await detail.locator('.fig-bug-ratio dd').textContent())!.replace('×', ''))).toBeGreaterThan(2.5);
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});

describe('the tensor section’s training without zero_grad()', () => {
  it('beside the loss chart; with zero_grad() it ends where the section’s own run ends; it follows the settings', async () => {
    const { page, watch } = await open('', { reducedMotion: 'reduce' });
    await scrollTo(page, TENSOR);
    const panel = page.locator(TENSOR);
    await panel.locator('.train-controls').waitFor({ timeout: wait(30_000) });
    await scrollTo(page, TENSOR);
    const compare = panel.locator('.zero-grad-compare');
    await scrollUntilInView(page, `${TENSOR} .zero-grad-compare`, TENSOR);
    // It asks for its runs once the page has seen it on screen. Once in a full run under load its
    // figures never came (213 s): sections above it that finish loading can push it off again
    // first. So keep it in view, as a reader would, and every 10 s take it away and bring it back
    // (as scrollUntilInView does for a part the page's record of "near the screen" missed).
    await page.waitForFunction(
      (sel) => {
        const el = document.querySelector(`${sel} .zero-grad-compare`);
        if (el?.querySelector('.fig-zg-right dd')) return true;
        const w = window as { __zgPolls?: number };
        w.__zgPolls = (w.__zgPolls ?? 0) + 1;
        const r = el?.getBoundingClientRect();
        if (w.__zgPolls % 20 === 0) window.scrollTo(0, 0);
        else if (el && r && (r.bottom <= 0 || r.top >= window.innerHeight)) el.scrollIntoView({ block: 'center' });
        return false;
      },
      TENSOR,
      { timeout: wait(60_000), polling: 500 },
    );
    // The chart draws its lines once it has measured its width, a frame or more after the figures.
    await compare.locator('svg.chart .series-line').nth(3).waitFor({ timeout: wait(30_000) });
    // Two charts: mini-batches of 32 and the whole data set, each with and without zero_grad().
    expect(await compare.locator('svg.chart .series-line').count()).toBe(4);
    // The caption says which way each pair went, from the runs: mini-batches hurt, the whole set happens to help.
    const caption = await compare.locator('.zg-caption').textContent();
    expect(caption).toMatch(/mini-batches of 32 points: .* so here the bug hurts\./);
    expect(caption).toMatch(/every step \(the loss chart’s run\): .* so here the bug happens to help\./);
    expect(await axeViolations(page, [`${TENSOR} .zero-grad-compare`])).toEqual([]);
    // Train the section's own run, fast, and compare its last loss with the with-zero_grad() run's.
    await panel.getByRole('combobox', { name: /^Speed/ }).selectOption({ label: 'Fast: as fast as it goes' });
    await panel.getByRole('button', { name: 'Train', exact: true }).click();
    await panel.locator('.train-status', { hasText: 'Trained 400 steps' }).waitFor({ timeout: wait(60_000) });
    const lossTitle = await panel.locator('svg.loss-chart').first().getAttribute('aria-label');
    const sectionLast = /to ([\d.e+-]+)\.$/.exec(lossTitle ?? '')![1];
    const withZero = await compare.locator('.fig-zg-right dd').textContent();
    expect(withZero).toBe(sectionLast);
    const without = await compare.locator('.fig-zg-wrong dd').textContent();
    expect(without).not.toBe(withZero);
    // Plain gradient descent never raises the loss here; the sum of all gradients does, many times.
    expect(await compare.locator('.fig-zg-right-rises dd').textContent()).toBe('0');
    expect(Number(await compare.locator('.fig-zg-wrong-rises dd').textContent())).toBeGreaterThan(20);
    // Another learning rate: both runs again, with it.
    await panel.getByRole('combobox', { name: /^Learning rate/ }).selectOption({ index: 0 });
    await page.waitForFunction(
      ([sel, before]) => {
        const el = document.querySelector(`${sel} .zero-grad-compare`);
        return el?.querySelector('.stale') == null && el?.querySelector('.fig-zg-right dd')?.textContent !== before;
      },
      [TENSOR, withZero] as const,
      { timeout: wait(60_000) },
    );
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
