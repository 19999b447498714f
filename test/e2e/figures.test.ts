import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations, DEFAULT_HASH, returnTo, scrollUntilInView, settled, summaryFigures, summarySays } from './helpers.ts';
import { sharedBrowser, waitForCharts } from './harness.ts';
import { wait } from './patience.ts';

const env = sharedBrowser();

async function open(hash = '', viewport = { width: 1920, height: 1080 }, keep = false) {
  const { page, watch } = await env.page({ viewport, keep });
  await page.goto(`${env.served.url}${hash}`);
  await waitForCharts(page);
  return { page, watch };
}

/**
 * The lab at 1920 × 1080 that the tests which need it in a state, not freshly loaded, share: one
 * load instead of six. Each test starts from the defaults, reached by the hash (returnTo).
 */
let shared: (Awaited<ReturnType<typeof open>> & { figures: string[] }) | null = null;
async function openShared() {
  if (!shared) {
    const opened = await open('', undefined, true);
    await summarySays(opened.page, 'model h*');
    shared = { ...opened, figures: await summaryFigures(opened.page) };
  } else {
    await returnTo(shared.page, DEFAULT_HASH, shared.figures);
  }
  shared.watch.errors.length = 0;
  return shared;
}
afterAll(() => shared?.page.close());

const waitHash = (page: Page, key: string, value: string) =>
  page.waitForFunction(([k, v]) => new URLSearchParams(location.hash.slice(1)).get(k) === v, [key, value] as const);
const waitHashIn = (page: Page, key: string, lo: number, hi: number) =>
  page.waitForFunction(
    ([k, a, b]) => {
      const v = Number(new URLSearchParams(location.hash.slice(1)).get(k));
      return v >= a && v <= b;
    },
    [key, lo, hi] as const,
  );
const panel = (page: Page, title: string) => page.locator('main section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Drags from one fraction of a control's plot to another with real mouse moves. */
async function dragAcross(page: Page, control: Locator, from: number, to: number) {
  const hit = control.locator('.chart-slider-hit');
  const box = (await hit.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + from * box.width, y);
  await page.mouse.down();
  await page.mouse.move(box.x + to * box.width, y, { steps: 8 });
  await page.mouse.up();
}

describe('chart controls', () => {
  it('the epsilon marker on the Finite differences chart is a slider: keys and drag move the header slider and the hash', async () => {
    const { page, watch } = await openShared();
    const marker = page.getByRole('slider', { name: /Step h, on the chart/ });
    const header = page.getByLabel('Finite-difference epsilon', { exact: true });
    expect(await marker.getAttribute('aria-valuetext')).toBe('h = 1e-5');

    await marker.focus();
    // The keys move the marker, never the page under it: the marker stays where the eye is. (The
    // page's scroll position itself may move: scroll anchoring keeps the marker in place when a
    // note above it changes height with h.)
    const at = async () => Math.round((await marker.boundingBox())!.y);
    const before = await at();
    await page.keyboard.press('ArrowRight');
    await waitHash(page, 'eps', '1.3e-5');
    expect(await header.inputValue()).toBe('-4.9');
    await page.keyboard.press('PageDown');
    await waitHash(page, 'eps', '1.3e-6');
    await page.keyboard.press('End');
    await waitHash(page, 'eps', '1e0');
    await page.keyboard.press('Home');
    await waitHash(page, 'eps', '1e-16');
    await expect.poll(at).toBe(before);

    // Dragging to 30 % of the axis (1e-16 … 1 spans 16 decades): 10^(−16 + 0.3·16) = 10^−11.2.
    await dragAcross(page, marker, 0.1, 0.3);
    await waitHash(page, 'eps', '6.3e-12');
    expect(await header.inputValue()).toBe('-11.2');
    expect(await marker.getAttribute('aria-valuetext')).toBe('h = 6.3e-12');
    // The marks follow the report computed for it.
    await page.waitForFunction(() => document.querySelector('.chart-slider .selected text')?.textContent === 'h = 6.3e-12');
    expect(watch.errors).toEqual([]);
  });

  it('the Work chart’s T marker is a slider for the steps: a click anywhere, a drag and the keys', async () => {
    const { page, watch } = await openShared();
    const marker = page.getByRole('slider', { name: /steps, on the chart/ });
    expect(await marker.getAttribute('aria-valuetext')).toBe('T = 40 steps');
    const hit = marker.locator('.chart-slider-hit');
    const box = (await hit.boundingBox())!;
    // The axis runs 1 … 200 on a log scale; a click in its middle is T = √200 ≈ 14.
    await page.mouse.click(box.x + box.width / 2, box.y + 10);
    await waitHashIn(page, 'steps', 14, 14);
    expect(await page.getByLabel('Chain steps', { exact: true }).inputValue()).toBe('14');
    await marker.focus();
    await page.keyboard.press('End');
    await waitHash(page, 'steps', '200');
    await page.keyboard.press('PageDown');
    await waitHash(page, 'steps', '190');
    await page.keyboard.press('ArrowLeft');
    await waitHash(page, 'steps', '189');
    await page.keyboard.press('Home');
    await waitHash(page, 'steps', '1');
    // A drag from a tenth of the axis (T = 200^0.1 ≈ 2) to nine tenths (200^0.9 ≈ 118).
    await dragAcross(page, marker, 0.1, 0.9);
    await waitHashIn(page, 'steps', 116, 120);
    const steps = Number(await page.getByLabel('Chain steps', { exact: true }).inputValue());
    await page.waitForFunction((p) => document.querySelector('.summary')?.textContent?.includes(`P = ${p}`), 2 * steps);
    expect(watch.errors).toEqual([]);
  });

  it('each point of the frontier is a choice: Enter and a click set the schedule and its stride or snapshots', async () => {
    const { page, watch } = await openShared();
    const frontier = page.locator('.frontier');
    const choices = frontier.getByRole('listbox');
    const options = choices.getByRole('option');
    expect(await options.count()).toBe(80);
    const current = choices.getByRole('option', { selected: true });
    expect(await current.getAttribute('aria-label')).toMatch(/^periodic, stride 4: /);
    await current.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await waitHash(page, 'stride', '5');
    // The first binomial option is one snapshot; End goes to the last one, 40 snapshots.
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^binomial, 40 snapshots: /);
    await page.keyboard.press(' ');
    await waitHash(page, 'schedule', 'revolve');
    await waitHash(page, 'snapshots', '40');
    expect(await page.getByRole('radio', { name: 'Binomial' }).isChecked()).toBe(true);
    // A click near a point chooses it.
    await page.waitForFunction(() => !document.querySelector('.frontier .stale'));
    const name = await options.nth(9).getAttribute('aria-label');
    await options.nth(9).scrollIntoViewIfNeeded();
    const dot = (await options.nth(9).boundingBox())!;
    await page.mouse.click(dot.x + dot.width / 2 + 2, dot.y + dot.height / 2);
    await waitHash(page, 'schedule', 'periodic');
    expect(name).toMatch(/^periodic, stride 10: /);
    await waitHash(page, 'stride', '10');
    expect(await page.getByRole('slider', { name: 'Checkpoint stride' }).inputValue()).toBe('10');
    expect(await axeViolations(page)).toEqual([]);
    expect(watch.errors).toEqual([]);
  });
});

describe('linked views', () => {
  it('hovering a step in one figure highlights it in every per-step figure and in the tape; the keys move it', async () => {
    const { page, watch } = await open('', { width: 1366, height: 900 });
    const marks = () => page.evaluate(() => [...document.querySelectorAll('.step-mark text')].map((t) => t.textContent));
    expect(await marks()).toEqual([]);
    const reverse = panel(page, 'Reverse mode').locator('.step-layer-hit');
    const box = (await reverse.boundingBox())!;
    // t = 0 … 40 across the plot: the middle is t = 20.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => document.querySelectorAll('.step-mark').length === 4);
    expect(await marks()).toEqual(['t = 20', 't = 20', 't = 20', 't = 20']);
    await page.mouse.move(box.x + box.width / 2, box.y - 60);
    await page.waitForFunction(() => document.querySelectorAll('.step-mark').length === 0);

    // The keyboard: focus the timeline's step control and step down from T.
    const timeline = page.getByRole('slider', { name: /state t on the timeline/ });
    await timeline.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => [...document.querySelectorAll('.step-mark text')].every((t) => t.textContent === 't = 39'));
    expect(await timeline.getAttribute('aria-valuenow')).toBe('39');

    // The tape (lazy) highlights the same step: its rows, and its graph's column.
    await page.locator('section.tape-panel').scrollIntoViewIfNeeded();
    await page.locator('section.tape-panel .tape-graph-svg').waitFor();
    await timeline.focus();
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.querySelectorAll('.tape-table tr.linked').length > 0);
    const linkedOps = await page.locator('.tape-table tr.linked').count();
    expect(linkedOps).toBeGreaterThanOrEqual(1);
    expect(await page.locator('.tape-table tr.linked').first().getAttribute('data-node')).not.toBeNull();

    // The other way: the tape's node in play highlights its step above once the pointer is gone.
    await page.locator('section.tape-panel .tape-graph').focus();
    // (The seed's node is the loss, at t = T: the per-parameter chart's steps stop at T − 1.)
    await page.waitForFunction(() => document.querySelectorAll('.step-mark').length >= 3);
    const fromTape = await marks();
    expect(new Set(fromTape).size).toBe(1);
    expect(fromTape[0]).toMatch(/^t = \d+$/);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('while the tape sweeps, the reverse chart fills in its adjoint from T down to the step being swept', async () => {
    const { page, watch } = await open('', { width: 1366, height: 900 });
    await page.locator('section.tape-panel').scrollIntoViewIfNeeded();
    await page.locator('section.tape-panel .tape-graph-svg').waitFor();
    const cover = () =>
      page.evaluate(() => {
        const rect = document.querySelector('.sweep-cover rect');
        const text = document.querySelector('.sweep-cover text')?.textContent ?? null;
        return rect ? { width: Number(rect.getAttribute('width')), text } : null;
      });
    // The first tape opens at the seed: nothing swept yet, the cover reaches T.
    await page.waitForFunction(() => document.querySelector('.sweep-cover text')?.textContent?.includes('step 40'));
    const atSeed = (await cover())!;
    await page.locator('section.tape-panel .tape-graph').focus();
    for (let i = 0; i < 12; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.waitForFunction((w) => Number(document.querySelector('.sweep-cover rect')?.getAttribute('width')) < w, atSeed.width);
    const later = (await cover())!;
    expect(later.width).toBeLessThan(atSeed.width);
    const step = Number(later.text!.match(/step (\d+)/)![1]);
    expect(step).toBeLessThan(40);
    expect(step).toBeGreaterThan(20);
    // At the end of the sweep the chart is whole again.
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('.sweep-cover') === null);
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});

describe('time beside work', () => {
  it('the Work panel and the summary show each method’s measured time beside its count', async () => {
    const { page, watch } = await openShared();
    await page.waitForFunction(() => [...document.querySelectorAll('.time-table tbody td:nth-child(3)')].every((td) => /ms|s$/.test(td.textContent ?? '')), undefined, { timeout: wait(60_000) });
    const rows = await page.locator('.time-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rows.map((r) => r[0])).toEqual(['plain evaluation (the unit)', 'reverse mode', 'checkpointed', 'forward mode', 'central differences']);
    expect(rows.map((r) => r[1])).toEqual(['1', '2', '2.9', '81', '161']);
    expect(rows[0][3]).toBe('1.0×');
    for (const r of rows) expect(r[2]).toMatch(/^\d[\d.]* (ms|s)$/);
    expect(await page.locator('.time-summary').textContent()).toMatch(/measured time, in plain runs: reverse \d/);
    expect(await page.locator('.time-note').textContent()).toMatch(/They\s+differ because/);
    expect(watch.errors).toEqual([]);
  });
});

describe('fixes from the walkthrough', () => {
  it('the tape player: focus stays at the last event, ← steps back, Home/End work from the Pitfall checkbox, nothing scrolls', async () => {
    const { page, watch } = await open('', { width: 1366, height: 768 });
    const tape = page.locator('section.tape-panel');
    await tape.scrollIntoViewIfNeeded();
    await tape.locator('.tape-graph-svg').waitFor();
    const position = () => tape.getByLabel('Tape position').inputValue();
    const end = await tape.getByLabel('Tape position').getAttribute('max');
    const forward = tape.getByRole('button', { name: 'Step forward (→)' });
    await forward.focus();
    await page.keyboard.press('End');
    await page.waitForFunction((e) => (document.querySelector('section.tape-panel input[type=range]') as HTMLInputElement).value === e, end);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Step forward (→)');
    expect(await forward.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    expect(await position()).toBe(String(Number(end) - 1));
    await page.keyboard.press('ArrowRight');
    expect(await position()).toBe(end);
    // At the end the button is unavailable, but a press does nothing rather than drop the focus.
    await forward.dispatchEvent('click');
    expect(await position()).toBe(end);

    const pitfall = tape.getByRole('checkbox', { name: /Pitfall/ });
    await pitfall.focus();
    const scroll = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Home');
    expect(await position()).toBe('0');
    await page.keyboard.press('End');
    expect(await position()).toBe(end);
    expect(await page.evaluate(() => window.scrollY)).toBe(scroll);
    expect(await pitfall.isChecked()).toBe(false);
    await page.keyboard.press(' ');
    expect(await pitfall.isChecked()).toBe(true);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('the settings bar is compact and sticks only over the chain; the checkpoint panel explains stride T and the √T sweet spot', async () => {
    const heights: Record<string, number> = {};
    for (const [w, h] of [
      [1920, 1080],
      [1024, 768],
    ]) {
      const { page } = w === 1920 ? await openShared() : await open('', { width: w, height: h });
      heights[`${w}`] = await page.locator('.controls').evaluate((el) => el.getBoundingClientRect().height);
      // Scrolled to the playground, the bar has gone with the chain's part of the page.
      // (Again once its body is in: the section loads it as it comes near, which moves what follows.)
      await page.locator('.playground-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.locator('.playground-panel .grad-table').waitFor();
      await page.locator('.playground-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await settled(page);
      const top = await page.locator('.controls').evaluate((el) => el.getBoundingClientRect().bottom);
      expect(top).toBeLessThanOrEqual(0);
      if (page !== shared?.page) await page.close();
    }
    expect(heights['1920']).toBeLessThan(90);
    expect(heights['1024']).toBeLessThan(130);

    // Stride T, reached by the hash on the shared page.
    const { page } = await openShared();
    await page.evaluate(() => (window.location.hash = '#steps=40&stride=40'));
    const note = page.locator('.checkpoint-note');
    await page.waitForFunction(() => document.querySelector('.checkpoint-note')?.textContent?.includes('A stride of T = 40'));
    expect(await note.textContent()).toMatch(/A stride of T = 40 is one segment: the full tape, nothing replayed/);
    expect(await note.textContent()).toMatch(/smallest near k = √T, here k ≈ 6/);
    await page.getByRole('radio', { name: 'Binomial' }).check();
    await page.waitForFunction(() => document.querySelector('.checkpoint-note')?.textContent?.includes('revolve'));
    expect(await page.locator('.counts th.col-checkpoint').textContent()).toMatch(/^\d+ snapshots?$/);
    // The frontier's byte axis reads in one format.
    const ticks = await page.locator('.frontier .axis-bottom text').allTextContents();
    for (const t of ticks.filter((t) => !t.includes('memory'))) expect(t).toMatch(/^\d+ (B|KiB|MiB)$/);
  });

  it('the forward panel’s colour bar has a title and the gauge’s 0 box is labelled', async () => {
    const { page } = await openShared();
    expect(await page.locator('.ramp-title').textContent()).toMatch(/colour: \|∂xₜ\/∂θⱼ\|, log scale/);
    expect(await page.locator('.gauge svg').textContent()).toContain('exact');
  });

  it('on a phone the gradient table shows every column as a labelled line and the comparison fits', async () => {
    const { page } = await open('', { width: 390, height: 844 });
    await scrollUntilInView(page, '.grad-table', 'section.playground-panel');
    await page.locator('.grad-table').waitFor({ timeout: wait(60_000) });
    const fits = (sel: string) => page.locator(sel).evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(await fits('.grad-wrap')).toBe(true);
    const labels = await page.locator('.grad-table tbody tr').first().locator('td').evaluateAll((tds) =>
      tds.map((td) => getComputedStyle(td, '::before').content),
    );
    expect(labels).toContain('"central vs reverse"');
    // The tensor lab measures once its body is on screen, and the sections above it change
    // height as they are drawn (content-visibility): scroll until the comparison is on screen.
    await scrollUntilInView(page, '.tensor-lab .compare', 'section.tensor-panel');
    await page.locator('.compare-table').waitFor({ timeout: wait(30_000) });
    expect(await fits('.compare-wrap')).toBe(true);
    await page.close();
  });

  it('the playground keeps the last finished result while a prefix is typed', async () => {
    const { page } = await openShared();
    await page.locator('.playground-panel').scrollIntoViewIfNeeded();
    const field = page.getByLabel('Expression', { exact: true });
    await field.scrollIntoViewIfNeeded();
    await page.locator('.grad-table').waitFor({ timeout: wait(60_000) });
    await field.fill('');
    await field.pressSequentially('2x + y', { delay: 30 });
    await page.waitForFunction(() => document.querySelector('.expr-error') !== null, undefined, { timeout: wait(30_000) });
    // The result below is still the classic example, not "f() = 2".
    const rows = await page.locator('.grad-table tbody th').allTextContents();
    expect(rows.map((r) => r.trim())).toEqual(['x', 'y']);
    await field.fill('');
    await field.pressSequentially('x*y + sin(x*x)', { delay: 30 });
    await page.waitForFunction(() => document.querySelector('.expr-ok')?.textContent?.includes('x, y'));
    expect((await page.locator('.grad-table tbody th').allTextContents()).map((r) => r.trim())).toEqual(['x', 'y']);
  });
});
