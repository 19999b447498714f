import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHAPTERS } from '../../app/lesson/chapters/table.ts';
import { chapterReady, goTo, lessonKit } from './lessonKit.ts';

const kit = lessonKit();

/** The words of the chapter that may quote a setting: its question, its feedback, and every line of its figure. */
async function words(page: Page): Promise<string> {
  return page.locator('article').evaluate((a) => {
    const parts = [...a.querySelectorAll('.predict-question, .predict [role="status"], .figure-readout, figcaption, caption, .figure-slider span')];
    return parts.map((p) => p.textContent ?? '').join('\n');
  });
}

/** The setting a slider's label shows: "Window K = 28" → "28", "Direction v at 30°" → "30", "Nodes recorded: 3 of 8" → "3". */
async function setting(slider: Locator): Promise<string> {
  const label = (await slider.locator('xpath=..').locator('span').first().textContent())!;
  const m = /(?:=| at) (\S+?)°?$|: (\d+) of/.exec(label);
  expect(m, `a setting in the label “${label}”`).not.toBeNull();
  return m![1] ?? m![2];
}

/** The unit direction at an angle in degrees. */
const cosSin = (degrees: number) => [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];

/**
 * What each chapter's words must say once its slider is at `s` (the setting its label shows, as
 * text), read from the figure at that moment: each chapter's sentences that quote the setting.
 * A chapter with a range input and no entry here fails the test.
 */
const QUOTES: Record<number, (s: string, page: Page) => Promise<void>> = {
  // The nodes recorded so far: the caption names the last one recorded, or the whole tape.
  1: async (s, page) => {
    const max = Number(await page.locator('article input[type="range"]').getAttribute('max'));
    const caption = (await page.locator('.lesson-figure figcaption').textContent())!;
    expect(caption).toMatch(Number(s) === max ? /^Just recorded: |^The whole tape/ : Number(s) === 0 ? /^An empty tape/ : /^Just recorded: /);
  },
  4: async (s, page) => {
    const w = await words(page);
    expect(w).toContain(` nodes for T = ${s}, ${2 * Number(s)} parameters.`);
    expect(w).toContain(`The chain at T = ${s}:`);
  },
  5: async (s, page) => expect(await words(page)).toContain(`T = ${s}, P = ${2 * Number(s)}: one whole gradient`),
  6: async (s, page) => {
    const w = await words(page);
    expect(w).toMatch(new RegExp(`At h = ${s.replace(/[.+-]/g, '\\$&')}: RMS error`));
    // The question names its own h, where the figure starts, and never says where the slider is "now".
    expect(await page.locator('.predict-question').textContent()).not.toMatch(/\bnow\b/);
  },
  7: async (s, page) => expect(await page.locator('[data-readout="tape"]').textContent()).toMatch(new RegExp(`^T = ${s}: `)),
  8: async (s, page) => expect(await page.locator('[data-readout="stride"]').textContent()).toMatch(new RegExp(`^Stride ${s}: \\d+ items`)),
  10: async (s, page) => {
    const K = Number(s);
    const before = 40 - K;
    const readout = (await page.locator('.lesson-figure .figure-readout').first().textContent())!;
    const question = (await page.locator('.predict-question').textContent())!;
    const said = (await page.locator('.predict [role="status"]').textContent())!;
    expect(readout).toMatch(new RegExp(`^K = ${K}: `));
    if (before === 0) {
      expect(readout).toContain('the window covers every step');
      expect(question).toContain(`K = ${K} reaches back to x₀, so no step is cut.`);
      expect(said).toContain('every step before it gets exactly 0');
    } else {
      const zeroed = /; (\d+) of the first (\d+) steps’ gradients are exactly 0\./.exec(readout)!;
      expect(zeroed[2]).toBe(String(before));
      expect(question).toContain(`The sweep stops K = ${K} steps before the end. What do the first ${before} steps’ gradients become?`);
      expect(said).toContain(`${zeroed[1]} of the first ${before} steps’ gradients are exactly 0`);
    }
  },
  // The direction v at the slider's angle: the table's row v holds (cos, sin) of it.
  12: async (s, page) => {
    const v = await page.locator('[data-row="v"] td').evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-value'))));
    const [c, n] = cosSin(Number(s));
    expect(v[0]).toBeCloseTo(c, 12);
    expect(v[1]).toBeCloseTo(n, 12);
  },
};

describe('the lesson’s words follow its sliders', () => {
  it('moves every slider of every chapter, once answered, and each sentence quoting it reads the new setting', async () => {
    const { page, watch } = await kit.open('#lesson=chain');
    const withSliders: number[] = [];
    for (const { number: n, question } of CHAPTERS) {
      await goTo(page, `#lesson=${n}`, n);
      // Answer first: the sliders wait until the question is settled.
      if (question) await page.getByRole('button', { name: 'Show the answer' }).click();
      const sliders = page.locator('article input[type="range"]');
      const count = await sliders.count();
      if (count === 0) continue;
      withSliders.push(n);
      expect(QUOTES[n], `chapter ${n} has a slider: say what its words quote`).toBeDefined();
      for (let i = 0; i < count; i++) {
        const slider = sliders.nth(i);
        await expect.poll(() => slider.isEnabled()).toBe(true);
        // Two moves: a step or two from where the answer left it, then to the far end.
        for (const keys of [['ArrowRight', 'ArrowRight'], ['End']]) {
          const was = await slider.inputValue();
          if (keys[0] === 'ArrowRight' && was === (await slider.getAttribute('max'))) keys.splice(0, 2, 'ArrowLeft', 'ArrowLeft');
          for (const key of keys) await slider.press(key);
          if (keys[0] === 'End' && was === (await slider.inputValue())) continue;
          expect(await slider.inputValue(), `chapter ${n}: the slider moved`).not.toBe(was);
          const s = await setting(slider);
          await expect.poll(async () => QUOTES[n](s, page).then(() => true, (e: Error) => e.message), { message: `chapter ${n} at ${s}` }).toBe(true);
        }
      }
      await chapterReady(page, n);
    }
    // The chapters with a slider, so that a test that moved none cannot pass.
    expect(withSliders).toEqual([1, 4, 5, 6, 7, 8, 10, 12]);
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
