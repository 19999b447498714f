import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { defaultParams } from '../../engine/chain.ts';
import { chainTapeView } from '../../engine/tape-view.ts';
import { waitForCharts, sharedBrowser } from './harness.ts';
import { wait } from './patience.ts';

/** The chain's tape section (the playground has a tape graph and table of its own). */
const TAPE = (page: Page) => page.locator('section.tape-panel');
import { axeViolations, framesPass, settled, steady, systemScheme } from './helpers.ts';

const env = sharedBrowser();

type Options = { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark'; reducedMotion?: 'reduce' | 'no-preference' };

/** Opens the page and scrolls the tape panel in under the sticky controls, once its graph is drawn. */
async function openTape(hash = '', options: Options = {}) {
  const { page, watch } = await env.page({ viewport: options.viewport ?? { width: 1366, height: 768 }, ...options });
  await page.goto(`${env.served.url}${hash}`);
  await waitForCharts(page);
  await scrollToTape(page);
  await TAPE(page).locator('.tape-graph-svg').waitFor();
  return { page, watch };
}

async function scrollToTape(page: Page) {
  await page.evaluate(() => {
    const section = document.querySelector('section.tape-panel')!;
    const controls = document.querySelector('.controls')!;
    const top = section.getBoundingClientRect().top + window.scrollY - controls.getBoundingClientRect().height - 20;
    window.scrollTo(0, top);
  });
}

const live = (page: Page) => TAPE(page).locator('[role="status"][aria-live="polite"]').textContent();
const currentRow = (page: Page) => TAPE(page).locator('.tape-table tr.current').getAttribute('data-node');

/** Presses a key with the graph focused, and waits for the live region to say something new. */
async function press(page: Page, key: string): Promise<string> {
  const before = await live(page);
  await TAPE(page).locator('.tape-graph').focus();
  await page.keyboard.press(key);
  await page.waitForFunction(
    (old) => document.querySelector('section.tape-panel [role="status"]')?.textContent !== old,
    before,
  );
  return (await live(page)) ?? '';
}

describe('the tape panel in Chromium', () => {
  const view = chainTapeView(defaultParams(40));

  it('steps through the sweep from the keyboard: the row in play and the live region follow', async () => {
    const { page, watch } = await openTape();
    // A first tape opens at the seed: recorded, ready to sweep backward from the loss.
    expect(await live(page)).toContain(`the adjoint of the output, node ${view.output} (L), is set to 1`);
    expect(await currentRow(page)).toBe(String(view.output));

    const seen: string[] = [];
    for (let k = 0; k < 3; k++) {
      const said = await press(page, 'ArrowRight');
      const row = await currentRow(page);
      expect(said).toMatch(new RegExp(`^Node ${view.sweep.node[k]}\\b.*: adjoint .+ added to node ${view.sweep.parent[k]}\\b`));
      expect(row).toBe(String(view.sweep.node[k]));
      expect(await TAPE(page).locator('.tape-table tr.target').getAttribute('data-node')).toBe(String(view.sweep.parent[k]));
      seen.push(said);
    }
    expect(new Set(seen).size).toBe(3);
    expect(await TAPE(page).locator('.transport .readout').textContent()).toBe(`Sweep: 3 of ${view.sweep.count} events`);

    expect(await press(page, 'ArrowLeft')).toBe(seen[1]);

    // The table shows the tape's last rows; the next steps jump it to the first ones.
    const tagged = await TAPE(page)
      .locator('.tape-table tr[data-node]')
      .evaluateAll((rows) =>
        rows.map((r) => {
          (r as HTMLElement & { drawnBefore?: boolean }).drawnBefore = true;
          return Number(r.getAttribute('data-node'));
        }),
      );
    expect(Math.min(...tagged)).toBeGreaterThan(40);
    expect(await press(page, 'Home')).toMatch(/^Empty tape/);
    expect(await TAPE(page).locator('.tape-table tr.current').count()).toBe(0);
    expect(await TAPE(page).locator('.transport .readout').textContent()).toBe(`Recording: 0 of ${view.length} nodes`);
    expect(await press(page, 'ArrowRight')).toMatch(/^Recorded node 0, input c = 0\.35\.$/);
    expect(await currentRow(page)).toBe('0');
    // The jump drew its rows in the elements of the rows it left, each saying its own node, in order.
    const drawn = await TAPE(page)
      .locator('.tape-table tr[data-node]')
      .evaluateAll((rows) =>
        rows.map((r) => ({
          node: Number(r.getAttribute('data-node')),
          index: Number(r.querySelector('.c-index')?.textContent),
          reused: (r as HTMLElement & { drawnBefore?: boolean }).drawnBefore === true,
        })),
      );
    expect(drawn[0].node).toBe(0);
    drawn.forEach((row, k) => {
      expect(row.index).toBe(row.node);
      expect(row.node).toBe(k);
    });
    expect(drawn.filter((row) => row.reused).length).toBe(Math.min(drawn.length, tagged.length));

    // Quick steps across the whole chain never leave the view zoomed out from a pan in flight.
    for (let k = 0; k < 6; k++) await page.keyboard.press('ArrowRight');
    // The last pan has come to rest.
    await steady(page, () => document.querySelector('section.tape-panel .tape-graph-svg > g')?.getAttribute('transform'), 8);
    expect(await TAPE(page).locator('.tape-graph-svg > g').getAttribute('transform')).toMatch(/scale\(1\)$/);
    // Steps in quick succession drop the boxes' fades (and in the sweep, the flash); a pause brings
    // them back. Pressed in the page, two frames apart, so the timing is the page's own.
    const quick = await TAPE(page)
      .locator('.tape-graph')
      .evaluate(async (graph) => {
        const frame = () => new Promise((done) => requestAnimationFrame(done));
        for (let k = 0; k < 4; k++) {
          graph.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
          await frame();
          await frame();
        }
        return { layer: graph.querySelector('svg > g')?.getAttribute('class'), fade: getComputedStyle(graph.querySelector('.g-node .g-box')!).transitionDuration };
      });
    expect(quick).toEqual({ layer: 'quick', fade: '0s' });
    // Once the steps pause, the layer comes out of its quick mode.
    await page.waitForFunction(() => document.querySelector('section.tape-panel .tape-graph-svg > g')?.getAttribute('class') === '');
    expect(await TAPE(page).locator('.tape-graph .g-node .g-box').first().evaluate((box) => getComputedStyle(box).transitionDuration)).not.toBe('0s');

    const end = await press(page, 'End');
    const last = view.sweep.count - 1;
    expect(end).toContain(`Node ${view.sweep.node[last]}`);
    expect(end).toContain('Sweep complete');
    // The row in play was scrolled into view.
    const row = TAPE(page).locator('.tape-table tr.current');
    expect(await row.getAttribute('data-node')).toBe(String(view.sweep.node[last]));
    const [rowBox, tableBox] = await Promise.all([row.boundingBox(), TAPE(page).locator('.tape-table-box').boundingBox()]);
    expect(rowBox!.y).toBeGreaterThanOrEqual(tableBox!.y);
    expect(rowBox!.y + rowBox!.height).toBeLessThanOrEqual(tableBox!.y + tableBox!.height);
    // At the end the adjoint column is the engine's: x₀'s row shows its gradient.
    await TAPE(page).locator('.tape-table-box').evaluate((el) => (el.scrollTop = 0));
    const x0 = TAPE(page).locator('.tape-table tr[data-node="1"] .c-adjoint');
    expect((await x0.textContent())!.replace('−', '-')).toBe(String(Number(view.adjoint[1].toPrecision(4))));
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('keeps the highlight on the row under a still pointer when a jump redraws the table', async () => {
    const { page, watch } = await openTape('#steps=200');
    const box = TAPE(page).locator('.tape-table-box');
    await box.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const seen = (await box.boundingBox())!;
    const middle = { x: seen.x + seen.width / 2, y: seen.y + seen.height / 2 };
    const underPointer = () =>
      page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('tr[data-node]')?.getAttribute('data-node') ?? null, middle);
    const hoveredRow = () => TAPE(page).locator('.tape-table tr.hovered').getAttribute('data-node', { timeout: wait(2000) }).catch(() => null);
    await page.mouse.move(middle.x, middle.y);
    const before = await underPointer();
    expect(Number(before)).toBeGreaterThan(2000);
    expect(await hoveredRow()).toBe(before);
    // The pointer stays; the keyboard steps back through the sweep, then to its end, where the
    // table jumps from the tape's last rows to its first. (With the browser's scroll anchoring on,
    // it kept a reused row's element under the pointer, and the highlight stayed on a node gone.)
    await TAPE(page).locator('.tape-graph').evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }));
    for (let k = 0; k < 5; k++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('End');
    await page.waitForFunction(() => (document.querySelector('section.tape-panel .tape-table-box')?.scrollTop ?? Infinity) < 1000);
    // The table and its highlight have come to rest after the jump.
    await steady(page, () => [
      document.querySelector('section.tape-panel .tape-table-box')?.scrollTop,
      document.querySelector('section.tape-panel .tape-table tr.hovered')?.getAttribute('data-node'),
    ]);
    const after = await underPointer();
    expect(Number(after)).toBeLessThan(100);
    expect(await hoveredRow()).toBe(after);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('plays and pauses with the space bar, and leaves the sliders\' arrow keys alone', async () => {
    const { page } = await openTape();
    const readout = () => TAPE(page).locator('.transport .readout').textContent();
    await TAPE(page).locator('.tape-graph').focus();
    await page.keyboard.press(' ');
    await page.waitForFunction(() => /Sweep: ([3-9]|\d\d+) of/.test(document.querySelector('section.tape-panel .transport .readout')?.textContent ?? ''));
    // Playback is there to be watched: its steps keep their fades and flash, however quick.
    expect(await TAPE(page).locator('.tape-graph-svg > g').getAttribute('class')).not.toBe('quick');
    await page.keyboard.press(' ');
    const paused = await readout();
    // Playback steps on animation frames: a player still running would have moved within these.
    await framesPass(page, 30);
    expect(await readout()).toBe(paused);
    expect(await live(page)).toMatch(/^Node \d+/);

    const steps = page.getByLabel('Chain steps', { exact: true });
    await steps.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => window.location.hash.includes('steps=41&'));
    // The tape is recorded again for 41 steps; the player keeps its place in the sweep.
    const events = chainTapeView(defaultParams(41)).sweep.count;
    await page.waitForFunction((n) => document.querySelector('section.tape-panel .transport .readout')?.textContent?.endsWith(`of ${n} events`), events);
    expect(await readout()).toBe(paused!.replace(/of \d+ events/, `of ${events} events`));
    await page.close();
  });

  it('shows the overwrite pitfall: wrong adjoints beside the right ones, marked where a fan-out lost contributions', async () => {
    const { page } = await openTape();
    await TAPE(page).getByLabel('Pitfall: overwrite with = instead of +=').check();
    await press(page, 'End');
    expect(await TAPE(page).locator('.tape-table th.col-wrong').textContent()).toBe('wrong (=)');
    // Zoomed out to the whole graph, every node is drawn (as a box without text).
    await TAPE(page).getByRole('button', { name: 'Fit' }).click();
    await page.waitForFunction((n) => document.querySelectorAll('section.tape-panel .tape-graph .g-node').length === n, view.length);
    const marked = await TAPE(page).locator('.tape-graph .g-node.diverges').evaluateAll((nodes) =>
      nodes.map((n) => Number(n.getAttribute('data-node'))),
    );
    expect(marked.sort((a, b) => a - b)).toEqual(Array.from(view.divergesAt));
    for (const i of marked) expect(view.uses[i]).toBeGreaterThanOrEqual(2);
    // x₀'s row: the right gradient and the wrong one differ.
    await TAPE(page).locator('.tape-table-box').evaluate((el) => (el.scrollTop = 0));
    const row = TAPE(page).locator('.tape-table tr[data-node="1"]');
    expect(await row.getAttribute('class')).toContain('wrong');
    expect(await row.locator('.c-wrong').textContent()).not.toBe(await row.locator('.c-adjoint').textContent());
    expect(await TAPE(page).locator('.pitfall-card').textContent()).toMatch(/\d+ of 82 input gradients come out wrong/);
    await page.close();
  });

  it('collapses a long chain into step blocks that open on click, and keeps stepping without motion', async () => {
    const { page, watch } = await openTape('#steps=200', { reducedMotion: 'reduce' });
    // The graph opens on the loss, beside the last step's block. (Its marks are drawn once the
    // view has its window, a frame or so after the svg: wait for them, then count.)
    await TAPE(page).locator('.tape-graph .g-block').first().waitFor();
    expect(await TAPE(page).locator('.tape-graph .g-block').count()).toBeGreaterThan(0);
    expect(await TAPE(page).locator('.tape-graph .g-block').count()).toBeLessThan(200);
    const nodesBefore = await TAPE(page).locator('.tape-graph .g-node').count();
    await TAPE(page).locator('.tape-graph .g-block[data-block="199"]').click();
    await page.waitForFunction((n) => document.querySelectorAll('section.tape-panel .tape-graph .g-node').length >= n + 14, nodesBefore);
    await TAPE(page).getByRole('button', { name: 'Fit' }).click();
    await page.waitForFunction(() => document.querySelectorAll('section.tape-panel .tape-graph .g-block').length === 199);
    await TAPE(page).getByRole('button', { name: 'Close steps' }).click();
    await page.waitForFunction(() => document.querySelectorAll('section.tape-panel .tape-graph .g-block').length === 200);
    expect(await press(page, 'ArrowRight')).toMatch(/^Node 2804 \(L\), scale: adjoint/);
    // Thousands of rows, a screenful rendered.
    expect(await TAPE(page).locator('.tape-table').getAttribute('aria-rowcount')).toBe('2806');
    expect(await TAPE(page).locator('.tape-table tbody tr[data-node]').count()).toBeLessThan(40);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it.each([
    [1366, 768],
    [1920, 1080],
  ] as const)('at %i×%i: nothing wider than the page; at 1366, no axe violations in light and dark', async (width, height) => {
    const { page, watch } = await openTape('', { viewport: { width, height }, colorScheme: 'light' });
    const schemes = ['light', 'dark'] as const;
    for (let k = 0; k < 5; k++) await press(page, 'ArrowRight');
    await TAPE(page).locator('.tape-graph .g-node[data-node="556"]').click();
    await TAPE(page).locator('.node-card').waitFor();
    const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await TAPE(page).getByLabel('Pitfall: overwrite with = instead of +=').check();
    await press(page, 'End');
    // In light, then with the system turned dark (systemScheme).
    for (const colorScheme of width === 1366 ? schemes : []) {
      await systemScheme(page, colorScheme);
      await scrollToTape(page);
      await settled(page); // a pan and the theme's fades have finished before axe reads the colours
      await steady(page, () => document.querySelector('section.tape-panel .tape-graph-svg > g')?.getAttribute('transform'));
      expect(await axeViolations(page, ['section.tape-panel']), colorScheme).toEqual([]);
    }
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
