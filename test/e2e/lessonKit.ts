import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { CHAPTER_COUNT, CHAPTER_ORDER, chapterNumber, slugAt, type ChapterSlug } from '../../app/lesson/chapters/order.ts';
import { say } from '../../app/lesson/chapters/row.ts';
import { plainText } from '../../app/lesson/words/parse.ts';
import { CHAPTERS as ROWS, chapterRow } from '../../app/lesson/chapters/table.ts';
import { sharedBrowser, type PageOptions, type SharedBrowser } from './harness.ts';
import { axeViolations, framesPass, systemScheme } from './helpers.ts';

/**
 * What the lesson's two browser test files share. The chapters are split in two halves
 * (lesson.test.ts takes 1 … FIRST_HALF, lesson-later.test.ts the rest) so the two files run on
 * both test workers; each file loads each of its chapters once per viewport and makes every check
 * of that viewport on that load.
 */

export const CHAPTERS = ROWS.length;
/** The last chapter of the first file. */
export const FIRST_HALF = Math.ceil(CHAPTER_COUNT / 2);

export interface LessonKit {
  /** Opens a page at `hash` (1366 × 768 unless `options` say otherwise), closed after the test. */
  open(hash: string, options?: PageOptions): ReturnType<SharedBrowser['page']>;
  /** The server's URL. */
  url(): string;
}

/** Starts one server and one browser for the calling file. */
export function lessonKit(): LessonKit {
  const env = sharedBrowser();
  return {
    url: () => env.served.url,
    async open(hash, options = {}) {
      const opened = await env.page(options);
      await opened.page.goto(`${env.served.url}${hash}`);
      return opened;
    },
  };
}

/** Waits until a chapter (by its slug, or its number) is on screen and its figure has the worker's numbers. */
export async function chapterReady(page: Page, chapter: number | ChapterSlug): Promise<void> {
  const n = typeof chapter === 'number' ? chapter : chapterNumber(chapter);
  await page.waitForFunction(
    (title) => document.querySelector('article h2')?.textContent?.includes(title),
    chapterRow(n).title,
  );
  await page.waitForFunction(() => {
    const figure = document.querySelector('.lesson-figure');
    return (
      figure !== null &&
      !figure.querySelector('.figure-waiting') &&
      figure.querySelector('.figure-error') === null &&
      figure.querySelector('svg, table') !== null
    );
  });
  // Frames for the charts to measure themselves and draw.
  await framesPass(page, 2);
}

/** Goes to a chapter without reloading (the hash changes, as a link would). */
export async function goTo(page: Page, hash: string, n: number) {
  await page.evaluate((h) => (window.location.hash = h), hash);
  await chapterReady(page, n);
}

/** The chapter a hash names, by its slug (as the page writes it) or its number (as a link may); 0 for none. */
export function chapterOfHash(hash: string): number {
  const text = /lesson=([^&]*)/.exec(hash)?.[1] ?? '';
  return (CHAPTER_ORDER as readonly string[]).includes(text) ? chapterNumber(text as ChapterSlug) : Number(text) || 0;
}

/** The chapter the page's hash names. */
export const chapterShown = async (page: Page) => chapterOfHash(await page.evaluate(() => window.location.hash));

/** Waits until the figure has no cell left hidden ("?"): it shows the answer. */
export const figureAnswered = (page: Page) =>
  page.waitForFunction(() => ![...document.querySelectorAll('.lesson-figure td')].some((td) => td.textContent === '?'));

/**
 * The smallest text on the stage, by kind: text inside a figure or a formula (labels, ticks,
 * numbers) and body text elsewhere. Only text that is visible and not for screen readers only.
 * Sizes are as drawn, in the stage's pixels: an SVG's text counts its scaling (a graph shrunk
 * to fit its column draws its 24 px type smaller).
 */
export async function smallestText(page: Page): Promise<{ body: number; figure: number; svg: number; offenders: string[] }> {
  return page.evaluate(() => {
    const out = { body: Infinity, figure: Infinity, svg: Infinity, offenders: [] as string[] };
    const stage = document.querySelector<HTMLElement>('.stage') ?? document.body;
    // The stage is scaled as a whole to the window; its own pixels are what the sizes promise.
    const stageScale = stage.getBoundingClientRect().width / stage.offsetWidth;
    const drawnSize = (el: Element) => {
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (!(el instanceof SVGGraphicsElement)) return size;
      const m = el.getScreenCTM();
      return m ? (size * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c))) / stageScale : size;
    };
    const walker = document.createTreeWalker(stage, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // KaTeX's struts hold a zero-width space at 1 px: no glyph is drawn.
      const text = node.textContent?.replace(/[\s\u200b]/g, '');
      const el = node.parentElement;
      if (!text || !el) continue;
      if (el.closest('.sr-only, .katex-mathml, [hidden]')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const size = Math.round(drawnSize(el) * 100) / 100;
      const inSvg = el.closest('svg') !== null;
      const inFigure = el.closest('figure, .katex') !== null;
      const kind = inSvg ? 'svg' : inFigure ? 'figure' : 'body';
      out[kind] = Math.min(out[kind], size);
      // A formula's sub- and superscripts are drawn at 0.7 of its size, as in print: a formula among
      // the words keeps the old 20 px floor for them; everything in a figure is held to 24 px.
      const scriptInWords = el.closest('figure') === null && el.closest('.katex') !== null;
      const least = kind === 'body' ? 28 : scriptInWords ? 20 : 24;
      if (size < least) out.offenders.push(`${kind} ${size}px: ${text.slice(0, 30)}`);
    }
    return out;
  });
}

/**
 * Text on the stage whose contrast with what is behind it is under 4.5:1 (its colour, or an SVG
 * text's fill, with every opacity above it, against the nearest opaque background).
 */
export async function lowContrast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parse = (c: string) => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return null;
      const v = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return { r: v[0], g: v[1], b: v[2], a: v.length > 3 ? v[3] : 1 };
    };
    const lum = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const f = (x: number) => ((x /= 255) <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const backgroundOf = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c.a > 0.5) return c;
      }
      return parse(getComputedStyle(document.body).backgroundColor) ?? { r: 255, g: 255, b: 255, a: 1 };
    };
    const out = new Set<string>();
    const stage = document.querySelector('.stage') ?? document.body;
    const walker = document.createTreeWalker(stage, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !el || el.closest('.sr-only, .katex-mathml') || el.getBoundingClientRect().width === 0) continue;
      const style = getComputedStyle(el);
      const fg = parse(el instanceof SVGElement ? style.fill : style.color);
      if (!fg) continue;
      let opacity = fg.a;
      for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      const bg = backgroundOf(el);
      const seen = { r: fg.r * opacity + bg.r * (1 - opacity), g: fg.g * opacity + bg.g * (1 - opacity), b: fg.b * opacity + bg.b * (1 - opacity) };
      const [hi, lo] = [lum(seen), lum(bg)].sort((x, y) => y - x);
      const ratio = (hi + 0.05) / (lo + 0.05);
      if (ratio < 4.5) out.add(`${text.slice(0, 24)}: ${ratio.toFixed(2)}`);
    }
    return [...out].slice(0, 6);
  });
}

/** Everything on the stage lies inside it: nothing scrolls, nothing is cut off. */
export async function stageOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const stage = document.querySelector('.stage')!;
    const box = stage.getBoundingClientRect();
    const out: string[] = [];
    for (const el of stage.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || el.closest('.sr-only, .katex-mathml')) continue;
      if (r.bottom > box.bottom + 1 || r.right > box.right + 1 || r.left < box.left - 1 || r.top < box.top - 1) {
        out.push(`${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} ${Math.round(r.bottom - box.bottom)}px below`);
      }
    }
    const article = stage.querySelector('article')!;
    if (article.scrollHeight > article.clientHeight + 1) out.push(`article scrolls ${article.scrollHeight} > ${article.clientHeight}`);
    return out.slice(0, 5);
  });
}

export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A chapter whose figure has a slider: the Jacobian chapter. */
const SLIDER_CHAPTER = chapterNumber('hidden');

/** A figure's readout, by its data-readout name. */
const readout = (page: Page, name: string) => page.locator(`[data-readout="${name}"]`).textContent();

/**
 * The chapter's words after the answer (its words.md's "## after the answer"), as the page shows
 * them, or null when it has none: held back until the question is settled, then shown.
 */
function wordsAfterAnswer(n: number): string | null {
  const blocks = chapterRow(n).afterAnswer;
  return blocks.length === 0 ? null : plainText(blocks, chapterNumber).replace(/\s+/g, ' ');
}

/** The words of the chapter as the page shows them, spaces as one. */
const chapterText = async (page: Page) => (await page.locator('.chapter-text').innerText()).replace(/\s+/g, ' ');

/** Checks a chapter makes once its right answer is in, beyond the figure showing it (and its words after the answer). */
const AFTER_ANSWER: Partial<Record<ChapterSlug, (page: Page) => Promise<unknown>>> = {
  // sweep's answer seeds the sweep: adj[z] = 1 on the tape.
  'sweep': (page) => page.waitForFunction(() => [...document.querySelectorAll('.tape-list .adj')].some((td) => td.textContent === '1')),
  // finite-differences: its answer moves h to 5e-10, where the error is larger than at 1e-9; the models and the
  // left arm of the V are drawn.
  'finite-differences': async (page) => {
    await page.waitForFunction(() => document.querySelector('.figure-slider span')?.textContent === 'Step h = 5e-10');
    expect(await page.locator('.lesson-figure .s-model').count()).toBeGreaterThan(0);
    const shown = await page.$$eval('.lesson-figure .s-fd circle', (cs) => cs.map((c) => Number(c.getAttribute('data-x'))));
    expect(Math.min(...shown)).toBeLessThan(1e-9);
  },
  // checkpointing: √T is marked.
  'checkpointing': async (page) => {
    expect(await page.locator('.lesson-figure .t-marker').count()).toBe(1);
  },
};

/**
 * Checks a chapter makes before its question is answered: no part of the figure or text that
 * answers it is shown yet.
 */
const BEFORE_ANSWER: Partial<Record<ChapterSlug, (page: Page) => Promise<unknown>>> = {
  // sweep: the sweep is not seeded: no adjoint on the tape reads 1.
  'sweep': async (page) => expect(await page.locator('.tape-list .adj').allTextContents()).not.toContain('1'),
  // finite-differences: no step below the sweep's best h (where the error grows as h shrinks) and no model line.
  'finite-differences': async (page) => {
    expect(await page.locator('.lesson-figure .s-model').count()).toBe(0);
    const shown = await page.$$eval('.lesson-figure .s-fd circle', (cs) => cs.map((c) => Number(c.getAttribute('data-x'))));
    expect(shown.length).toBeGreaterThan(3);
    expect(Math.min(...shown)).toBeGreaterThan(1e-8);
  },
  // tape-price: the line stops below the T the question asks about (100, then 200).
  'tape-price': async (page) => {
    expect(await readout(page, 'tape')).toMatch(/^T = 50: /);
    const xs = await page.$$eval('.lesson-figure .s-reverse circle', (cs) => cs.map((c) => Number(c.getAttribute('data-x'))));
    expect(xs.length).toBeGreaterThan(0);
    expect(Math.max(...xs)).toBeLessThan(100);
  },
  // checkpointing: √T is not marked and the fewest items are not said.
  'checkpointing': async (page) => {
    expect(await page.locator('.lesson-figure .t-marker').count()).toBe(0);
    expect(await readout(page, 'least')).not.toMatch(/Fewest/);
  },
  // tensors: only the tensor tape is drawn, and the scalar tape's count and the ratio are "?".
  'tensors': async (page) => {
    expect(await page.locator('.tensor-chart svg .s-fd').count()).toBe(0);
    expect(await page.locator('.lesson-figure td', { hasText: /^\?$/ }).count()).toBeGreaterThanOrEqual(2);
  },
  // hidden: the readout does not count the zeroed gradients.
  'hidden': async (page) => expect(await page.locator('.lesson-figure .figure-readout').first().textContent()).not.toMatch(/exactly 0/),
  // second-order: the counted passes wait.
  'second-order': async (page) => expect(await readout(page, 'hvp-cost')).toBe('Counted passes: answer the question to see them.'),
};

/**
 * Until the question is settled, the figure waits and says why: an "Answer first" word, and every
 * Show me, slider and answering choice of the figure disabled; nothing the question asks is shown.
 */
async function figureWaits(page: Page, n: number) {
  const gate = await page.evaluate(() => ({
    word: document.querySelector('.chapter-figure .answer-first')?.textContent ?? null,
    live: [...document.querySelectorAll<HTMLInputElement | HTMLButtonElement | HTMLFieldSetElement>('.chapter-figure .show-me, .chapter-figure .figure-slider input, .chapter-figure fieldset.waiting')]
      .filter((el) => !el.disabled)
      .map((el) => el.outerHTML.slice(0, 60)),
  }));
  expect(gate.word, `chapter ${n}`).toMatch(/^Answer first: /);
  expect(gate.live, `chapter ${n}: a control moves the figure before the answer`).toEqual([]);
  const held = wordsAfterAnswer(n);
  if (held) expect(await chapterText(page), `chapter ${n}: the words after the answer show before it`).not.toContain(held);
  await BEFORE_ANSWER[chapterRow(n).slug]?.(page);
}

/**
 * Answers chapter n's question by the keyboard's arrows (which answer nothing), then wrong, then
 * right, checking the feedback and that nothing is wider than the page at each step.
 */
async function answerBothWays(page: Page, n: number) {
  const asks = chapterRow(n).question!;
  const group = page.getByRole('radiogroup');
  const question = await group.evaluate((el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent);
  expect(question, `chapter ${n}`).toMatch(/\?$/);
  // Before the answer the figure is at the question's own settings, where its live words read as with none.
  expect(question, `chapter ${n}`).toContain(say(asks.prompt, {}));
  const status = page.locator('.predict [role="status"]');
  expect(await status.textContent()).toBe('');
  await figureWaits(page, n);
  // Arrowing through the choices moves between them and answers nothing.
  await group.getByRole('radio').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await status.textContent(), `chapter ${n}: an arrow key answered`).toBe('');
  expect(await group.locator('[aria-checked="true"]').count()).toBe(0);
  const labels = await group.getByRole('radio').allTextContents();
  const wrongLabel = labels.find((l) => l.trim() !== asks.answer)!;
  expect(wrongLabel, `chapter ${n}`).toBeTruthy();
  await group.getByRole('radio', { name: wrongLabel.trim(), exact: true }).check();
  // One wrong try: its reason and a second try, never the answer; the figure still waits.
  await expect.poll(() => status.textContent()).toMatch(/^Not quite\. \S.* Try once more\.$/);
  expect(await status.textContent(), `chapter ${n}: the first wrong try names the answer`).not.toContain(asks.answer);
  await figureWaits(page, n);
  expect(await horizontalOverflow(page), `chapter ${n}, answered wrong`).toBe(0);
  await group.getByRole('radio', { name: asks.answer, exact: true }).check();
  await expect.poll(() => status.textContent()).toMatch(/^Yes\. \S/);
  // Settled: the figure moves again, with no "Answer first" word.
  expect(await page.locator('.chapter-figure .answer-first').count(), `chapter ${n}`).toBe(0);
  expect(await page.locator('.chapter-figure .show-me:disabled, .chapter-figure .figure-slider input:disabled').count(), `chapter ${n}`).toBe(0);
  expect(await horizontalOverflow(page), `chapter ${n}, answered`).toBe(0);
  // The figure now shows the answer: no cell is left hidden.
  await figureAnswered(page);
  const held = wordsAfterAnswer(n);
  if (held) expect(await chapterText(page), `chapter ${n}: the words after the answer`).toContain(held);
  await AFTER_ANSWER[chapterRow(n).slug]?.(page);
}

/** Tabs from the chapter's title to its "next chapter" link and follows it with Enter: no pointer. */
async function nextByKeyboard(page: Page, n: number) {
  await page.locator('article h2').focus();
  let found = false;
  for (let i = 0; i < 120 && !found; i++) {
    await page.keyboard.press('Tab');
    found = await page.evaluate(() => document.activeElement?.getAttribute('rel') === 'next');
  }
  expect(found, `chapter ${n}: the next-chapter link is reachable by Tab`).toBe(true);
  await page.keyboard.press('Enter');
  await chapterReady(page, n + 1);
  expect(await chapterShown(page)).toBe(n + 1);
  // The new chapter's title has the focus, so reading goes on from there.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
}

/**
 * The tests every chapter from `first` to `last` gets, one page load per viewport: at 1366 × 768
 * (and 1920 × 1080 by resizing that window) the keyboard walk, both answers, axe in both themes
 * and overflow; on a phone, one column; on a 1920 × 1080 stage, type sizes and fit.
 */
export function chapterPasses(kit: LessonKit, first: number, last: number) {
  it(`chapters ${first}–${last} at 1366 × 768: walked by keyboard to the next, answered both ways, no axe violation in the light and dark theme, nothing wider than the page (and at 1920 × 1080)`, async () => {
    const { page, watch } = await kit.open(first === 1 ? '' : `#lesson=${first}`);
    if (first === 1) {
      // The lesson is linked from the lab.
      await page.getByRole('link', { name: 'Start the lesson' }).click();
      await chapterReady(page, 1);
      expect(await page.locator('article').count()).toBe(1);
    } else {
      await chapterReady(page, first);
    }
    for (let n = first; n <= last; n++) {
      expect(await horizontalOverflow(page), `chapter ${n} at 1366`).toBe(0);
      expect(await page.locator('article').innerText(), `chapter ${n} names no source`).not.toMatch(/\b(card|essay)\b/i);
      if (chapterRow(n).question) await answerBothWays(page, n);
      // The page around the chapter (header, chapter list) is the same on every chapter: checked
      // whole on the first chapter of each file, the chapter alone after that; the dark theme
      // changes colours only, so it is checked for contrast alone.
      const within = n === first ? [] : ['article'];
      expect(await axeViolations(page, within), `chapter ${n}, light`).toEqual([]);
      await systemScheme(page, 'dark');
      expect(await axeViolations(page, within, n === first ? undefined : ['color-contrast']), `chapter ${n}, dark`).toEqual([]);
      await systemScheme(page, 'light');
      await page.setViewportSize({ width: 1920, height: 1080 });
      await framesPass(page, 2);
      expect(await horizontalOverflow(page), `chapter ${n} at 1920`).toBe(0);
      await page.setViewportSize({ width: 1366, height: 768 });
      await framesPass(page, 2);
      if (n < CHAPTERS) await nextByKeyboard(page, n);
    }
    if (last === CHAPTERS) {
      const glossary = page.getByRole('button', { name: 'Glossary' });
      await glossary.click();
      expect(await axeViolations(page), 'glossary, light').toEqual([]);
      await systemScheme(page, 'dark');
      expect(await axeViolations(page), 'glossary, dark').toEqual([]);
    }
    expect(watch.errors).toEqual([]);
    expect(watch.offOrigin).toEqual([]);
    await page.close();
  });

  it(`chapters ${first}–${last} on a phone (390 × 844): one column, nothing wider than the page`, async () => {
    const { page, watch } = await kit.open(`#lesson=${first}`, { viewport: { width: 390, height: 844 } });
    for (let n = first; n <= last; n++) {
      await goTo(page, `#lesson=${n}`, n);
      expect(await horizontalOverflow(page), `chapter ${n} at 390`).toBe(0);
      // One column: the figure sits below the words, its controls inside it.
      const [text, figure] = await Promise.all([page.locator('.chapter-text').boundingBox(), page.locator('.chapter-figure').boundingBox()]);
      expect(figure!.y).toBeGreaterThanOrEqual(text!.y + text!.height - 1);
      expect(figure!.x + figure!.width).toBeLessThanOrEqual(390);
      // Every target a finger taps is at least 24 × 24 px.
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('main button, main a, main input[type="range"], main label:has(input), .lesson-head button, .lesson-head label:has(input)')]
          .filter((el) => !el.closest('.sr-only, .chapter-list, .chapter-text p, .chapter-text li, dd'))
          .map((el) => [el, el.getBoundingClientRect()] as const)
          .filter(([, r]) => r.width > 0 && (r.width < 24 || r.height < 24))
          .map(([el, r]) => `${(el.textContent ?? '').trim().slice(0, 24) || el.tagName} ${Math.round(r.width)}×${Math.round(r.height)}`),
      );
      expect(small, `chapter ${n}: tap targets under 24 px`).toEqual([]);
    }
    // Present is not offered on a phone; the glossary opens inside the screen.
    expect(await page.getByRole('button', { name: 'Present' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Glossary' }).click();
    const panel = (await page.getByRole('region', { name: 'Glossary' }).boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    expect(panel.y + panel.height).toBeLessThanOrEqual(844);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it(`presents chapters ${first}–${last} on a 1920 × 1080 stage: back-row type as drawn, nothing cut off before or after the answer; keys turn the pages${last === CHAPTERS ? ', Esc leaves' : ''}`, async () => {
    const { page, watch } = await kit.open(`#lesson=${first}&present=1`, { viewport: { width: 1920, height: 1080 } });
    for (let n = first; n <= last; n++) {
      await chapterReady(page, n);
      expect(await page.locator('.lesson-head, .chapter-steps').count(), 'nothing but the chapter').toBe(0);
      const sizes = await smallestText(page);
      expect(sizes.offenders, `chapter ${n}`).toEqual([]);
      expect(sizes.body).toBeGreaterThanOrEqual(28);
      expect(sizes.svg, `chapter ${n}`).toBeGreaterThanOrEqual(24);
      expect(await stageOverflow(page), `chapter ${n}`).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      // Every text on the stage, waiting controls and grey annotations included, reads at 4.5:1 in both themes.
      expect(await lowContrast(page), `chapter ${n}, light`).toEqual([]);
      await systemScheme(page, 'dark');
      await framesPass(page, 1);
      expect(await lowContrast(page), `chapter ${n}, dark`).toEqual([]);
      await systemScheme(page, 'light');
      // Answered, with the feedback shown (a wrong choice, then the accepted one), the chapter says
      // why and its figure shows more: it still fits the stage.
      const asks = chapterRow(n).question;
      if (asks) {
        const group = page.getByRole('radiogroup');
        const status = page.locator('.predict [role="status"]');
        const wrong = (await group.getByRole('radio').allTextContents()).map((l) => l.trim()).find((l) => l !== asks.answer)!;
        for (const [choice, said] of [
          [wrong, /^Not quite\. \S.* Try once more\.$/],
          [asks.answer, /^Yes\. \S/],
        ] as const) {
          await group.getByRole('radio', { name: choice, exact: true }).check();
          await expect.poll(() => status.textContent()).toMatch(said);
          // A wrong try leaves the figure waiting; the accepted answer fills it in.
          const answered = choice === asks.answer;
          await page.waitForFunction((all) => {
            const figure = document.querySelector('.lesson-figure');
            return figure !== null && !figure.querySelector('.figure-waiting') && !(all && [...figure.querySelectorAll('td')].some((td) => td.textContent === '?'));
          }, answered);
          await framesPass(page, 2);
          expect((await smallestText(page)).offenders, `chapter ${n}, answered “${choice}”`).toEqual([]);
          expect(await stageOverflow(page), `chapter ${n}, answered “${choice}”`).toEqual([]);
          expect(await horizontalOverflow(page)).toBe(0);
        }
      }
      // Where the words are short, the figure takes at least 60 % of the stage's width.
      const share = await page.evaluate(() => {
        const article = document.querySelector('.stage article')!;
        const stage = document.querySelector('.stage')!.getBoundingClientRect().width;
        return article.classList.contains('wide-figure') ? article.querySelector('.chapter-figure')!.getBoundingClientRect().width / stage : null;
      });
      if (share !== null) expect(share, `chapter ${n}'s figure share`).toBeGreaterThanOrEqual(0.6);
      if (n === SLIDER_CHAPTER) {
        // With focus on a slider, the arrows are the slider's; PageDown (a clicker) still turns the page.
        await page.locator('input[type="range"]').first().focus();
        await page.keyboard.press('ArrowRight');
        expect(await chapterShown(page)).toBe(n);
      }
      if (n < last) await page.keyboard.press('PageDown');
    }
    if (first === 1) {
      // Back with PageUp and ←; on with → and Space.
      await page.keyboard.press('PageUp');
      await chapterReady(page, last - 1);
      await page.keyboard.press('ArrowLeft');
      await chapterReady(page, last - 2);
      await page.keyboard.press('ArrowRight');
      await chapterReady(page, last - 1);
      await page.locator('article h2').focus();
      await page.keyboard.press(' ');
      await chapterReady(page, last);
    }
    if (last === CHAPTERS) {
      // At the last chapter there is no page to turn to; Esc leaves the presentation.
      await page.keyboard.press('PageDown');
      expect(await chapterShown(page)).toBe(CHAPTERS);
      await page.keyboard.press('Escape');
      await page.locator('.lesson-head').waitFor();
      expect(await page.evaluate(() => window.location.hash)).toBe(`#lesson=${slugAt(CHAPTERS)}`);
    }
    expect(watch.errors).toEqual([]);
    await page.close();
  });
}

/** Chapter n's accepted answer, checked against its figure's own numbers at the question's settings. */
type AcceptedCheck = (page: Page, said: string) => Promise<void>;


const ACCEPTED: Partial<Record<ChapterSlug, AcceptedCheck>> = {
  // fan-out: the overwriting sweep's ∂z/∂x is the last share (y = 4), not the sum the adding sweep shows.
  'fan-out': async (page, said) => {
    const xRow = page.locator('.lesson-figure tr', { has: page.locator('th', { hasText: '∂z/∂x' }) }).locator('td');
    await figureAnswered(page);
    const [added, overwritten] = [await xRow.nth(0).textContent(), await xRow.nth(1).textContent()];
    expect(overwritten).toBe('4');
    expect(added).not.toBe(overwritten);
    expect(said).toContain(`sends y = ${overwritten}`);
    expect(said).toContain(added!);
  },
  // one-sweep: reverse mode is 2 counted passes at T = 200 and at T = 100; forward mode doubles.
  'one-sweep': async (page, said) => {
    const passes = (m: string) => page.locator(`tr[data-method="${m}"] td`).first().textContent();
    await expect.poll(() => page.locator('.figure-slider span').first().textContent()).toBe('Chain steps T = 200');
    await expect.poll(() => passes('forward')).toBe('401');
    expect(await passes('reverse')).toBe('2');
    await page.locator('.figure-slider [role="slider"], .figure-slider input').first().press('ArrowLeft');
    await expect.poll(() => page.locator('.figure-slider span').first().textContent()).toBe('Chain steps T = 100');
    await expect.poll(() => passes('forward')).toBe('201');
    expect(await passes('reverse')).toBe('2');
    expect(said).toMatch(/^Yes\. 2 passes at every T/);
  },
  // finite-differences: the measured error at h = 5e-10 (where the answer moves h) is above the error at 1e-9.
  'finite-differences': async (page, said) => {
    const hSlider = page.locator('.figure-slider input').first();
    const errorAt = async (h: string) => {
      const text = await hSlider.getAttribute('aria-valuetext');
      expect(text).toMatch(new RegExp(`^h = ${h}, error `));
      return /error (\S+)$/.exec(text!)![1];
    };
    await expect.poll(() => hSlider.getAttribute('aria-valuetext')).toMatch(/^h = 5e-10, /);
    const halved = await errorAt('5e-10');
    await hSlider.press('ArrowLeft');
    if (!(await hSlider.getAttribute('aria-valuetext'))!.startsWith('h = 1e-9,')) {
      await hSlider.press('ArrowRight');
      await hSlider.press('ArrowRight');
    }
    const at = await errorAt('1e-9');
    expect(Number(halved)).toBeGreaterThan(Number(at));
    // The feedback quotes both errors as the figure shows them.
    expect(said.replace(/\u2011/g, '-')).toContain(`the error is ${at} at 1e-9 and ${halved} at 5e-10`);
  },
  // tape-price: the tape's nodes at T = 200 are about twice those at T = 100, as the feedback quotes them.
  'tape-price': async (page, said) => {
    const nodesAt = async (T: number) => {
      await expect.poll(() => readout(page, 'tape')).toMatch(new RegExp(`^T = ${T}: `));
      return /: ([\d,]+) nodes/.exec((await readout(page, 'tape'))!)![1];
    };
    const n200 = await nodesAt(200);
    await page.locator('.figure-slider input').first().press('ArrowLeft');
    const n100 = await nodesAt(100);
    const ratio = Number(n200.replace(/,/g, '')) / Number(n100.replace(/,/g, ''));
    expect(ratio).toBeGreaterThan(1.9);
    expect(ratio).toBeLessThan(2.1);
    expect(said).toContain(`${n100} nodes at T = 100, ${n200} at T = 200`);
    // The parts of the tape, read off the same counts: the nodes a step adds and the ones that do not grow.
    const perStep = (Number(n200.replace(/,/g, '')) - Number(n100.replace(/,/g, ''))) / 100;
    expect(said).toContain(`Each step adds the same ${perStep} nodes of 40 bytes: its leaves a and b and the ${perStep - 2} primitives of ϕ;`);
    expect(said).toContain(`only ${Number(n100.replace(/,/g, '')) - 100 * perStep} (x₀, c and the loss) do not grow.`);
  },
  // checkpointing: the question counts held items; the readout's fewest items is stride 6, and the feedback names its count.
  'checkpointing': async (page, said) => {
    await expect.poll(() => readout(page, 'least')).toMatch(/^Fewest items: stride 6, \d+ items\./);
    const fewest = /stride 6, (\d+) items/.exec((await readout(page, 'least'))!)![1];
    expect(said).toContain(`${fewest} items`);
    expect(await readout(page, 'stride')).toMatch(new RegExp(`^Stride 6: ${fewest} items`));
    // The items are named by kind, as the executor counted them at the peak, in the figure and the feedback alike.
    const parts = /^Stride 6: \d+ items \((\d+ stored states, \d+ recorded steps and the working state)\)/.exec((await readout(page, 'stride'))!)![1];
    expect(parts).toBe('5 stored states, 6 recorded steps and the working state');
    expect(said).toContain(`${fewest} items (${parts})`);
    expect(await readout(page, 'stride')).toMatch(/Revolve with 10 stored states: 12 items \(10 stored states, 1 recorded step and the working state\)/);
  },
  // tensors: the figure's node ratio is in the thousands, and the feedback quotes both counts.
  'tensors': async (page, said) => {
    await figureAnswered(page);
    const cells = await page.locator('.lesson-figure tbody tr').first().locator('td').allTextContents();
    const [scalarNodes, tensorNodes] = cells.map((c) => Number(c.replace(/,/g, '')));
    expect(scalarNodes / tensorNodes).toBeGreaterThan(1000);
    expect(scalarNodes / tensorNodes).toBeLessThan(10000);
    expect(said).toContain(`${cells[0]} scalar nodes against ${cells[1]} tensor nodes`);
  },
  // hidden: at K = 10 the readout counts the first 30 steps' gradients exactly 0, as the feedback says.
  'hidden': async (page, said) => {
    await expect.poll(() => page.locator('.lesson-figure .figure-readout').first().textContent()).toContain('30 of the first 30 steps’ gradients are exactly 0');
    expect(said).toContain('30 of the first 30');
    // Its cost chart, N = 1 input (x₀) over M = 1 … 40: the words under it are read from its own dots.
    const dots = (series: string) =>
      page
        .locator(`[data-figure="jacobian"] .s-${series} circle`)
        .evaluateAll((cs) => cs.map((c) => [Number(c.getAttribute('data-x')), Number(c.getAttribute('data-y'))] as [number, number]));
    /** The smallest M from which forward mode is below reverse mode at every larger M drawn, or null. */
    const cheaperFrom = (fwd: [number, number][], rev: [number, number][]) => {
      let from: number | null = null;
      for (let i = fwd.length - 1; i >= 0 && fwd[i][1] < rev[i][1]; i--) from = fwd[i][0];
      return from;
    };
    const words = (await readout(page, 'jacobian'))!;
    // Counted: forward mode N + 1 = 2 passes at every M, reverse mode M + 1; equal at M = N = 1, cheaper from M = 2.
    let [fwd, rev] = [await dots('forward'), await dots('reverse')];
    expect(fwd.map(([m]) => m)).toEqual(expect.arrayContaining([1, 2, 40]));
    expect(fwd.every(([, y]) => y === 2)).toBe(true);
    expect(rev.every(([m, y]) => y === m + 1)).toBe(true);
    expect(cheaperFrom(fwd, rev)).toBe(2);
    expect(words).toContain('Counted: forward mode 2 passes at every M, reverse mode M + 1; forward mode is cheaper from M = 2.');
    // Measured: the times quoted, and where forward mode is faster, are the time chart's.
    await page.getByRole('radio', { name: 'time', exact: true }).check();
    await page.waitForFunction(() => document.querySelector('[data-figure="jacobian"] .axis-left .axis-title')?.textContent === 'time (µs, measured)');
    [fwd, rev] = [await dots('forward'), await dots('reverse')];
    // The way into the lab opens its Jacobian lever on the same N = 1 input, at the window shown.
    const href = (await page.getByRole('link', { name: 'Open this in the lab' }).getAttribute('href'))!;
    expect(new URLSearchParams(href.slice(1)).get('inputs')).toBe('1');
    expect(new URLSearchParams(href.slice(1)).get('window')).toBe(null);
    expect(href).toContain('go=tradeoffs');
    // A time too noisy to tell (the one timing method's spread) is said so: no time quoted, no crossing.
    if ((await page.locator('[data-figure="jacobian"]').getAttribute('data-noisy')) === 'true') {
      expect(words).toContain('Measured in µs (millionths of a second): too noisy to tell on this machine just now, so no time is quoted');
      expect(words).not.toMatch(/faster from M|µs at every M/);
      return;
    }
    const us = (x: number) => (x >= 10 ? String(Math.round(x)) : String(Number(x.toFixed(1))));
    const [lo, hi] = [Math.min(...fwd.map(([, y]) => y)), Math.max(...fwd.map(([, y]) => y))];
    expect(words).toContain(`forward mode ${us(lo) === us(hi) ? us(lo) : `${us(lo)}–${us(hi)}`} µs at every M`);
    expect(words).toContain(`reverse mode ${us(rev[0][1])} µs at M = ${rev[0][0]}, ${us(rev.at(-1)![1])} µs at M = ${rev.at(-1)![0]};`);
    const from = cheaperFrom(fwd, rev);
    // Where the lines cross by time is said only when equal work read as equal time (issue 44).
    const steady = hi <= 1.25 * lo;
    expect(words).toContain(
      !steady ? 'where the lines cross by time is too noisy to tell' : from === null ? 'forward mode was not faster at the largest M.' : `forward mode is faster from M = ${from}.`,
    );
    expect(words).toContain(hi <= 1.25 * lo ? '(equal work, equal time)' : '(equal work; a busy machine spread the times)');
  },
};

/** Checks each accepted answer of the chapters from `first` to `last` against the figure's own numbers. */
export function acceptedAnswers(kit: LessonKit, first: number, last: number) {
  const numbers = (Object.keys(ACCEPTED) as ChapterSlug[])
    .map(chapterNumber)
    .filter((n) => n >= first && n <= last)
    .sort((a, b) => a - b);
  if (numbers.length === 0) return;
  it(`checks the accepted answers of chapters ${numbers.join(', ')} against the figure’s own numbers at the question’s settings`, async () => {
    const { page, watch } = await kit.open(`#lesson=${numbers[0]}`);
    const status = page.locator('.predict [role="status"]');
    for (const n of numbers) {
      await goTo(page, `#lesson=${n}`, n);
      await page.getByRole('radiogroup').getByRole('radio', { name: chapterRow(n).question!.answer, exact: true }).check();
      await expect.poll(() => status.textContent()).toMatch(/^Yes\. \S/);
      await ACCEPTED[chapterRow(n).slug]!(page, (await status.textContent())!);
    }
    expect(watch.errors).toEqual([]);
    await page.close();
  });
}
