import { describe, expect, it } from 'vitest';
import { CHAPTERS as ROWS } from '../../app/lesson/chapters/table.ts';
import { slugAt } from '../../app/lesson/chapters/order.ts';
import { axeViolations, framesPass } from './helpers.ts';
import { acceptedAnswers, chapterPasses, chapterReady, CHAPTERS, FIRST_HALF, horizontalOverflow, lessonKit, stageOverflow } from './lessonKit.ts';

// The lesson's first half of chapters, and the tests not of one chapter's pages; lesson-later.test.ts
// takes the rest of the chapters, on the other test worker.
const kit = lessonKit();

describe('the lesson, first half', () => {
  it('asks a question in most chapters', () => {
    expect(ROWS.filter((row) => row.question).length).toBeGreaterThanOrEqual(8);
  });

  chapterPasses(kit, 1, FIRST_HALF);
  acceptedAnswers(kit, 1, FIRST_HALF);

  it('scales the stage to 1366 × 768 and draws it in the dark theme', async () => {
    const { page, watch } = await kit.open('#lesson=finite-differences&present=1', { viewport: { width: 1366, height: 768 }, colorScheme: 'dark' });
    await chapterReady(page, 'finite-differences');
    const scale = await page.evaluate(() => document.querySelector('.stage')!.getBoundingClientRect().width / 1920);
    expect(scale).toBeCloseTo(1366 / 1920, 2);
    expect(await stageOverflow(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.lesson')!).backgroundColor)).toBe('rgb(18, 20, 24)');
    expect(await axeViolations(page)).toEqual([]);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('plays a motion on the live figure, stops on any key, and jumps to the end for reduced motion', async () => {
    const { page, watch } = await kit.open('#lesson=finite-differences');
    await chapterReady(page, 'finite-differences');
    const slider = page.getByRole('slider');
    // The motion waits for the answer; the lecturer may ask for it.
    const showMe = page.getByRole('button', { name: 'Show me: sweep h' });
    expect(await showMe.isDisabled()).toBe(true);
    expect(await showMe.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByRole('button', { name: 'Show the answer' }).click();
    const status = page.locator('.predict [role="status"]');
    await expect.poll(() => status.textContent()).toMatch(/^The answer: “Up: rounding error grows as h shrinks”\. \S/);
    expect(await page.getByRole('button', { name: 'Show the answer' }).count()).toBe(0);
    await showMe.click();
    await page.waitForFunction(() => document.querySelector('.show-me')?.textContent === 'Stop');
    await page.waitForFunction(() => Number((document.querySelector('.figure-slider input') as HTMLInputElement).value) >= 2);
    await page.keyboard.press('Shift');
    await page.waitForFunction(() => document.querySelector('.show-me')?.textContent === 'Show me: sweep h');
    const stoppedAt = Number(await slider.inputValue());
    // A motion still running would have moved the slider within these frames.
    await framesPass(page, 30);
    expect(Number(await slider.inputValue())).toBe(stoppedAt);
    expect(stoppedAt).toBeLessThan(Number(await slider.getAttribute('max')));
    await page.close();

    const reduced = await kit.open('#lesson=tape-price', { reducedMotion: 'reduce' });
    await chapterReady(reduced.page, 'tape-price');
    // Two wrong tries: the first gets a second try, the second the answer; then the motion plays.
    const asks = reduced.page.getByRole('radiogroup');
    const said = reduced.page.locator('.predict [role="status"]');
    await asks.getByRole('radio', { name: 'Stays about the same', exact: true }).click();
    await expect.poll(() => said.textContent()).toMatch(/Try once more\.$/);
    expect(await reduced.page.getByRole('button', { name: 'Show me: raise T to 200' }).isDisabled()).toBe(true);
    expect(await reduced.page.locator('.answer-first').textContent()).toMatch(/^Answer first: one more try/);
    await asks.getByRole('radio', { name: 'About quadruples', exact: true }).click();
    await expect.poll(() => said.textContent()).toMatch(/^Not quite\. The answer: “About doubles”\. Each step adds/);
    await reduced.page.getByRole('button', { name: 'Show me: raise T to 200' }).click();
    expect(await reduced.page.getByRole('slider').getAttribute('aria-valuetext')).toBe('T = 200');
    expect(await reduced.page.locator('.show-me').textContent()).toBe('Show me: raise T to 200');
    expect([...watch.errors, ...reduced.watch.errors]).toEqual([]);
    await reduced.page.close();
  });

  it('has a glossary one key away, embeds one chapter, opens its state in the lab, and corrects junk links', async () => {
    const { page, watch } = await kit.open('#lesson=transpose');
    await chapterReady(page, 'transpose');
    const glossary = page.getByRole('button', { name: 'Glossary' });
    await glossary.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Glossary' });
    await panel.waitFor();
    for (const term of ['Derivative', 'Chain rule', 'Adjoint', 'Jacobian', 'Vector-Jacobian product', 'Tape', 'Checkpoint']) {
      expect(await panel.locator('dt').allTextContents()).toContain(term);
    }
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await glossary.evaluate((el) => el === document.activeElement)).toBe(true);

    // Chapter 4 at T = 4 opens the lab at T = 4.
    await page.getByRole('slider').fill('4');
    await page.waitForFunction(() => document.querySelector('.chain-table thead')?.textContent?.includes('4'));
    await page.getByRole('link', { name: 'Open this in the lab' }).click();
    await page.waitForFunction(() => document.querySelectorAll('main section svg.chart').length >= 5);
    expect(await page.evaluate(() => window.location.hash)).toMatch(/^#steps=4&/);
    expect(await page.getByLabel('Chain steps', { exact: true }).inputValue()).toBe('4');

    await page.goto(`${kit.url()}#lesson=abc`);
    await chapterReady(page, 1);
    expect(await page.locator('.lesson-notice').textContent()).toContain('“abc” is neither a chapter’s number nor its name');
    await page.goto(`${kit.url()}#lesson=99`);
    await chapterReady(page, CHAPTERS);
    expect(await page.locator('.lesson-notice').textContent()).toContain(`there is no chapter 99`);
    expect(await page.evaluate(() => window.location.hash)).toBe(`#lesson=${slugAt(CHAPTERS)}`);

    await page.goto(`${kit.url()}#lesson=4&embed=1`);
    await chapterReady(page, 'transpose');
    expect(await page.locator('.lesson-head, .chapter-steps, .slide-count').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Open this in the lab' }).getAttribute('target')).toBe('_blank');
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
