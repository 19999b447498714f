import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, serveDist, waitForCharts, type Served } from './harness.ts';
import { axeViolations } from './helpers.ts';

let served: Served;
let browser: Browser;

beforeAll(async () => {
  served = await serveDist();
  browser = await launch();
  mkdirSync('test-results', { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

type Options = { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' };

const PLAYGROUND = 'section.playground-panel';
const TENSOR = 'section.tensor-panel';

/** Opens the page at `hash` with the lab drawn. */
async function open(hash = '', options: Options = {}) {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1366, height: 768 }, colorScheme: options.colorScheme });
  const { page, watch } = await openPage(context, served.origin);
  await page.goto(`${served.url}${hash}`);
  await waitForCharts(page);
  return { page, watch };
}

/** Scrolls a section in under the sticky controls. */
async function scrollTo(page: Page, selector: string) {
  await page.evaluate((sel) => {
    const section = document.querySelector(sel)!;
    const controls = document.querySelector('.controls')!;
    window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY - controls.getBoundingClientRect().height - 20);
  }, selector);
}

/** Opens the page and brings the playground in, with its first result drawn. */
async function openPlayground(hash = '', options: Options = {}) {
  const opened = await open(hash, options);
  await scrollTo(opened.page, PLAYGROUND);
  await opened.page.locator(`${PLAYGROUND} .grad-table`).waitFor();
  return opened;
}

const field = (page: Page) => page.locator(PLAYGROUND).getByLabel('Expression', { exact: true });

/** The gradient table's cells of one variable's row: value, reverse, dual, central, h, two differences, overwritten. */
async function row(page: Page, name: string): Promise<string[]> {
  return page.locator(`${PLAYGROUND} .grad-table tbody tr`, { has: page.locator(`th:text-is("${name}")`) }).locator('td').allTextContents();
}

/** Waits until the playground shows the result of `source`. */
const showing = (page: Page, source: string) =>
  page.waitForFunction(
    ([sel, s]) => document.querySelector(`${sel} .pg-value code`)?.textContent === s,
    [PLAYGROUND, source] as const,
  );

const hashOf = (page: Page) => page.evaluate(() => window.location.hash);

describe('the expression playground in Chromium', () => {
  it('starts on the card’s example and its gradient three ways, with its tape; the header’s button goes there', async () => {
    const { page, watch } = await open();
    expect(await page.locator(`${PLAYGROUND} .grad-table`).count()).toBe(0);
    await page.getByRole('button', { name: 'Go to the playground' }).click();
    await page.locator(`${PLAYGROUND} .grad-table`).waitFor();
    await page.waitForTimeout(400);
    const top = await page.locator(`${PLAYGROUND} h2`).evaluate((el) => el.getBoundingClientRect().top);
    const controls = await page.locator('.controls').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(top).toBeGreaterThan(controls);
    expect(top).toBeLessThan(controls + 80);
    expect(await field(page).inputValue()).toBe('x*y + sin(x^2) - ln(y)');
    // ∂z/∂x = y + 2x·cos(x²) = 4 + cos(0.25); ∂z/∂y = x − 1/y = 0.25.
    const x = await row(page, 'x');
    expect(x.slice(0, 3)).toEqual(['0.5', '4.96891242171', '4.96891242171']);
    expect(x[2 + 1]).toMatch(/^4\.968912421\d\d$/);
    expect((await row(page, 'y')).slice(1, 3)).toEqual(['0.25', '0.25']);
    expect(await page.locator(`${PLAYGROUND} .tape-graph .g-node`).count()).toBe(8);
    expect(await hashOf(page)).not.toContain('expr=');
    expect(watch.errors).toEqual([]);
    await page.context().close();
  });

  it('typing a valid expression updates the gradients, the controls, the tape and the hash', async () => {
    const { page, watch } = await openPlayground();
    await field(page).fill('x*x + x*w');
    await showing(page, 'x*x + x*w');
    // At x = 0.5 and a new w = 1: ∂/∂x = 2x + w = 2, ∂/∂w = x = 0.5.
    expect((await row(page, 'x')).slice(0, 3)).toEqual(['0.5', '2', '2']);
    expect((await row(page, 'w')).slice(0, 3)).toEqual(['1', '0.5', '0.5']);
    await expect(page.locator(PLAYGROUND).getByLabel('w', { exact: true }).inputValue()).resolves.toBe('1');
    await page.waitForFunction((sel) => document.querySelectorAll(`${sel} .tape-graph .g-node`).length === 5, PLAYGROUND);
    expect(await page.locator(`${PLAYGROUND} .tape-table tbody tr`).count()).toBe(5);
    await page.waitForFunction(() => window.location.hash.includes('&expr=x*x%20+%20x*w&at=x:0.5,w:1'));
    expect(watch.errors).toEqual([]);
    await page.context().close();
  });

  it('an invalid expression names its column while the last good result stays on screen', async () => {
    const { page, watch } = await openPlayground();
    await field(page).fill('sin(x))');
    const error = page.locator(`${PLAYGROUND} .expr-error`);
    await error.waitFor();
    expect(await error.textContent()).toContain("Unexpected ')' at column 7.");
    expect(await field(page).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`${PLAYGROUND} .source-echo .caret`).textContent()).toBe('      ^ column 7');
    // The last good result: still the card's example.
    expect(await page.locator(`${PLAYGROUND} .pg-value code`).textContent()).toBe('x*y + sin(x^2) - ln(y)');
    expect((await row(page, 'x'))[1]).toBe('4.96891242171');
    await expect(page.locator(`${PLAYGROUND} .pg-stale`).textContent()).resolves.toMatch(/last expression that parsed/);
    // The error is read out (a polite live region) and can be found in the field.
    expect(await page.locator(`${PLAYGROUND} .expr-status`).getAttribute('aria-live')).toBe('polite');
    await page.locator(PLAYGROUND).getByRole('button', { name: 'Show it in the field' }).click();
    expect(await field(page).evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd, document.activeElement === el])).toEqual([6, 7, true]);
    await field(page).fill('sin(x)');
    await showing(page, 'sin(x)');
    expect(await page.locator(`${PLAYGROUND} .expr-error`).count()).toBe(0);
    expect(watch.errors).toEqual([]);
    await page.context().close();
  });

  it('loads each preset, with its note, its warnings in plain words and the node they come from', async () => {
    const { page, watch } = await openPlayground();
    const presets = page.locator(`${PLAYGROUND} .presets`);
    const cases: [string, string, RegExp | null][] = [
      ['Fan-out', 'x*x + x', null],
      ['A tied weight used twice', 'tanh(w*tanh(w*x))', null],
      ['relu at 0', 'relu(x)', /relu'\(0\) is taken as 0/],
      ['|x| at 0', 'abs(x)', /\|x\|'\(0\) is taken as 0/],
      ['sqrt at 0 (a norm)', 'sqrt(x^2 + y^2)', /sqrt'\(0\) is infinite/],
      ['ln at 0', 'ln(x)', /ln\(0\) is -Infinity: the logarithm needs a positive argument/],
      ['Division by zero', '1/x', /divides by zero/],
    ];
    for (const [title, expression, warning] of cases) {
      await presets.getByRole('button', { name: title, exact: true }).click();
      await showing(page, expression);
      expect(await field(page).inputValue()).toBe(expression);
      expect(await presets.getByRole('button', { name: title, exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator(`${PLAYGROUND} .preset-note h3`).textContent()).toBe(title);
      const warnings = await page.locator(`${PLAYGROUND} .expr-warning`).allTextContents();
      if (warning) expect(warnings.join(' ')).toMatch(warning);
      else expect(warnings).toEqual([]);
    }
    // Fan-out: the overwriting sweep keeps one contribution of three.
    await presets.getByRole('button', { name: 'Fan-out', exact: true }).click();
    await showing(page, 'x*x + x');
    const fan = await row(page, 'x');
    expect(fan.slice(0, 2)).toEqual(['3', '7']);
    expect(fan[7]).not.toBe('7');
    // A warning's button picks its node on the tape.
    await presets.getByRole('button', { name: 'ln at 0', exact: true }).click();
    await showing(page, 'ln(x)');
    expect((await row(page, 'x'))[1]).toBe('∞');
    await page.locator(PLAYGROUND).getByRole('button', { name: 'Show node 1 on the tape' }).click();
    await page.locator(`${PLAYGROUND} .node-card`).waitFor();
    expect(await page.locator(`${PLAYGROUND} .node-card h3`).textContent()).toContain('Node 1');
    expect(watch.errors).toEqual([]);
    await page.context().close();
  });

  it('the expression round-trips in the URL hash, and a link brings the playground into view', async () => {
    const { page, watch } = await open('#expr=x*y%2Bsin(x*x)&at=x:0.5,y:4');
    await page.locator(`${PLAYGROUND} .grad-table`).waitFor();
    await showing(page, 'x*y+sin(x*x)');
    const top = await page.locator(PLAYGROUND).evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(-1);
    expect(top).toBeLessThan(768);
    expect((await row(page, 'x')).slice(0, 2)).toEqual(['0.5', '4.96891242171']);
    // Values by the number field and by the keyboard on it.
    const y = page.locator(PLAYGROUND).getByLabel('y', { exact: true });
    await y.fill('2');
    await page.waitForFunction(() => window.location.hash.includes('at=x:0.5,y:2'));
    await page.locator(PLAYGROUND).getByLabel('x', { exact: true }).press('ArrowUp');
    await page.waitForFunction(() => window.location.hash.includes('at=x:0.51,y:2'));
    // The slider is a labelled range input, moved by the keyboard too.
    await page.locator(PLAYGROUND).getByLabel('y (slider)').press('ArrowRight');
    await page.waitForFunction(() => window.location.hash.includes('at=x:0.51,y:2.01'));
    const hash = await hashOf(page);
    expect(hash).toBe('#steps=40&eps=1e-5&stride=4&schedule=periodic&snapshots=3&c=0.35&x0=0.4&target=0.25&expr=x*y+sin(x*x)&at=x:0.51,y:2.01');
    await page.goto(`${served.url}${hash}`);
    await page.reload();
    await showing(page, 'x*y+sin(x*x)');
    expect((await row(page, 'y'))[0]).toBe('2.01');
    expect(await hashOf(page)).toBe(hash);
    expect(watch.errors).toEqual([]);
    await page.context().close();
  });

  it('junk in the link gives a notice, never a blank page', async () => {
    for (const hash of ['#expr=%ZZ&at=x:abc', `#expr=${'x+'.repeat(400)}x`, '#at=x:1', '#expr=2*(x&at=x:1e999,__proto__:1,a:<script>']) {
      const { page, watch } = await open(hash);
      expect(await page.locator('.notice.corrected').textContent(), hash).toMatch(/Expression|Values/);
      await scrollTo(page, PLAYGROUND);
      await page.locator(`${PLAYGROUND} .grad-table`).waitFor();
      expect(watch.errors).toEqual([]);
      await page.context().close();
    }
    // A linked expression that does not parse: its error and column, beside the card's example.
    const { page } = await open('#expr=sin(x))&at=x:2');
    await page.locator(`${PLAYGROUND} .expr-error`).waitFor();
    expect(await page.locator(`${PLAYGROUND} .expr-error`).textContent()).toContain('column 7');
    await page.locator(`${PLAYGROUND} .grad-table`).waitFor();
    expect(await page.locator(`${PLAYGROUND} .pg-value code`).textContent()).toBe('x*y + sin(x^2) - ln(y)');
    await page.context().close();
  });
});

describe('the tensor panel in Chromium', () => {
  it('trains in its worker, the loss going down on screen, and compares the two tapes', async () => {
    const { page, watch } = await open();
    await scrollTo(page, TENSOR);
    const panel = page.locator(TENSOR);
    await panel.locator('.compare-table').waitFor({ timeout: 30_000 });
    expect(page.workers().some((w) => w.url().includes('tensor.worker'))).toBe(true);
    await page.waitForFunction((sel) => !document.querySelector(`${sel} .train-buttons`)?.textContent?.includes('Stop'), TENSOR);
    const lossFigure = () => panel.locator('.figures div', { hasText: 'loss (all points)' }).locator('dd').textContent();
    await panel.getByRole('button', { name: 'Train', exact: true }).click();
    await page.waitForFunction((sel) => /^([1-9]|[1-9]\d|[1-3]\d\d) of 400$/.test(document.querySelector(`${sel} .figures dd`)?.textContent ?? ''), TENSOR);
    const early = Number(await lossFigure());
    await page.waitForFunction((sel) => document.querySelector(`${sel} .train-status`)?.textContent?.startsWith('Trained 400 steps'), TENSOR, { timeout: 30_000 });
    const late = Number(await lossFigure());
    expect(late).toBeLessThan(early);
    expect(late).toBeLessThan(0.1);
    expect(await panel.locator('.loss-chart').getAttribute('aria-label')).toMatch(/Training loss over 400 steps, from 0\.6\d+ to 0\.0\d+/);
    expect(await panel.locator('.decision-map image').getAttribute('href')).toMatch(/^data:image\/png;base64,/);
    expect(await panel.locator('.decision-map .pt').count()).toBe(200);
    expect(await panel.locator('.figures').textContent()).toContain('100.0%');
    // The comparison: nodes, bytes and time per step on each tape, the ratio, and agreement.
    const cells = await panel.locator('.compare-table tbody tr').evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)),
    );
    expect(cells[0]).toEqual(['nodes on the tape', '30,682', '11', '2,789×']);
    expect(cells[1][0]).toBe('memory held');
    expect(cells[2][1]).toMatch(/^\d.* ms$/);
    expect(cells[2][3]).toMatch(/^\d+(\.\d)?×$/);
    expect(await panel.locator('.compare-agree').textContent()).toMatch(/^✓ The gradients agree/);
    expect(await panel.locator('.compare-why').textContent()).toMatch(/10–100×/);
    // Stop: a long run ends early and keeps what it drew.
    await panel.getByLabel('Training steps').fill('2000');
    await panel.getByRole('button', { name: 'Train', exact: true }).click();
    await page.waitForFunction((sel) => /^[1-9]\d* of 2000$/.test(document.querySelector(`${sel} .figures dd`)?.textContent ?? ''), TENSOR);
    await panel.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.waitForFunction((sel) => document.querySelector(`${sel} .train-status`)?.textContent?.startsWith('Stopped after'), TENSOR);
    const stoppedAt = Number((await panel.locator('.train-status').textContent())!.match(/after (\d+) steps/)![1]);
    expect(stoppedAt).toBeLessThan(2000);
    expect(watch.errors).toEqual([]);
    await page.context().close();
  });
});

describe('screenshots and accessibility', () => {
  it.each([
    [1366, 768, 'light'],
    [1920, 1080, 'dark'],
  ] as const)('at %i×%i, %s: both sections, no axe violations, nothing wider than the page', async (width, height, colorScheme) => {
    const { page, watch } = await openPlayground('#expr=x*y%20+%20sin(x^2)%20-%20ln(y)&at=x:0.5,y:3', { viewport: { width, height }, colorScheme });
    await field(page).fill('x*y + sin(x^2) - ln(y');
    await page.locator(`${PLAYGROUND} .expr-error`).waitFor();
    await scrollTo(page, PLAYGROUND);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/playground-${width}-${colorScheme}-error.png` });
    await field(page).fill('x*y + sin(x^2) - ln(y)');
    await page.locator(PLAYGROUND).getByRole('button', { name: 'sqrt at 0 (a norm)', exact: true }).click();
    await showing(page, 'sqrt(x^2 + y^2)');
    await scrollTo(page, PLAYGROUND);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/playground-${width}-${colorScheme}.png` });
    await scrollTo(page, TENSOR);
    await page.waitForFunction((sel) => document.querySelector(`${sel} .train-status`)?.textContent?.startsWith('Trained'), TENSOR, { timeout: 30_000 });
    await page.locator(`${TENSOR} .compare-table`).waitFor();
    await scrollTo(page, TENSOR);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/tensor-${width}-${colorScheme}.png` });
    const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(await axeViolations(page)).toEqual([]);
    await page.addStyleTag({ content: '.controls { position: static !important; }' });
    await page.locator(PLAYGROUND).screenshot({ path: `test-results/playground-${width}-${colorScheme}-panel.png` });
    await page.locator(TENSOR).screenshot({ path: `test-results/tensor-${width}-${colorScheme}-panel.png` });
    expect(watch.errors).toEqual([]);
    await page.context().close();
  });
});
