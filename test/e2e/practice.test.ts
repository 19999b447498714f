import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser, type PageOptions } from './harness.ts';
import { axeViolations } from './helpers.ts';

const env = sharedBrowser();

type Options = PageOptions;

async function open(hash: string, options: Options = {}) {
  const { page, watch } = await env.page({ viewport: { width: 1366, height: 768 }, ...options });
  await page.goto(`${env.served.url}${hash}`);
  return { page, watch };
}

/**
 * Level 2, seed 265 (chapter 3's "Try one yourself"): f = (ln(x/y)²·x)² at x = 2.9, y = 2, with
 * v2 = x/y, v3 = ln v2, v4 = v3², v5 = v4·x, v6 = v5². x is read twice, by v2 and v5. Keyed by
 * hand (s = ln q, q = x/y), as in test/engine/practice/adjoints.test.ts.
 */
const [X, Y] = [2.9, 2];
const Q = X / Y;
const S = Math.log(Q);
const KEY: Record<string, number> = {
  v6: 1,
  v5: 2 * X * S * S,
  v4: 2 * X * X * S * S,
  v3: 4 * X * X * S ** 3,
  v2: (4 * X * X * S ** 3) / Q,
  v1: (-4 * X ** 3 * S ** 3) / (Q * Y * Y),
  v0: 2 * X * S ** 4 + (4 * X * X * S ** 3) / (Q * Y),
};
const SWEEP = ['v6', 'v5', 'v4', 'v3', 'v2', 'v1', 'v0'];
const NONE_MARKED = Object.fromEntries(SWEEP.map((id) => [id, 'false']));

async function fill(page: Page, answers: Record<string, number>) {
  for (const id of SWEEP) await page.getByLabel(`adjoint of ${id}`, { exact: true }).fill(answers[id].toPrecision(4));
  // Enter in a field checks.
  await page.getByLabel('adjoint of v0', { exact: true }).press('Enter');
}

/** Waits for the marks of a Check: every field has aria-invalid. */
async function marked(page: Page): Promise<Record<string, string | null>> {
  await page.waitForFunction(() => {
    const inputs = [...document.querySelectorAll('.field-list input')];
    return inputs.length > 0 && inputs.every((i) => i.hasAttribute('aria-invalid'));
  });
  return page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll('.field-list .field-row')].map((l) => [l.querySelector('.field-name')!.textContent!.replace('adjoint of ', ''), l.querySelector('input')!.getAttribute('aria-invalid')])),
  );
}

const status = (page: Page) => page.locator('.practice-status[role=status]').textContent();

describe('practice: adjoints by hand', () => {
  it('marks a right sweep right, an overwrite and a sign error wrong, and names each', async () => {
    const { page, watch } = await open('#practice=adjoints&level=2&seed=265');
    await page.getByLabel('adjoint of v6', { exact: true }).waitFor();
    expect(await page.locator('.practice-task code').textContent()).toBe('(ln(x/y)^2*x)^2');

    await fill(page, KEY);
    expect(await marked(page)).toEqual(NONE_MARKED);
    await page.waitForFunction(() => document.querySelector('.practice-status')?.textContent?.startsWith('All 7 adjoints are right'));

    // The = sweep keeps only v2's contribution to x, the last to arrive: ∂v2/∂x · adjoint of v2 = v̄₂/y.
    await page.getByLabel('adjoint of v0', { exact: true }).fill((KEY.v2 / Y).toPrecision(4));
    await page.getByLabel('adjoint of v0', { exact: true }).press('Enter');
    await page.waitForFunction(() => document.querySelector('.practice-status')?.textContent?.startsWith('6 of 7 right'));
    expect(await marked(page)).toEqual({ ...NONE_MARKED, v0: 'true' });
    const v0 = page.getByLabel('adjoint of v0', { exact: true });
    const said = await v0.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)!.textContent);
    expect(said).toMatch(/^You kept only the last contribution \(from v2\); adjoints add, \+=/);
    expect(await status(page)).toBe('6 of 7 right. Start at adjoint of v0: an overwrite, where adjoints should add (+=).');
    // Check names the mistake; it never prints the right number.
    expect(said).not.toContain(KEY.v0.toPrecision(4));

    await v0.fill((-KEY.v0).toPrecision(4));
    await v0.press('Enter');
    await page.waitForFunction(() => document.querySelector('.practice-status')?.textContent?.includes('a sign error'));
    expect(await marked(page)).toMatchObject({ v0: 'true', v1: 'false' });
    expect(await v0.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)!.textContent)).toMatch(/^Sign error: the size is right, the sign is not\. adjoint of v0 = /);

    // A slip at v3 carried on right below it: only v3 is invalid; v2's arithmetic is marked right for the learner's numbers.
    const v2 = 2.5 / Q;
    await fill(page, { ...KEY, v3: 2.5, v2, v1: (v2 * -X) / (Y * Y), v0: v2 / Y + KEY.v5 * S * S });
    await page.waitForFunction(() => document.querySelector('.practice-status')?.textContent?.startsWith('3 of 7 right. Start at adjoint of v3'));
    expect(await marked(page)).toEqual({ ...NONE_MARKED, v3: 'true' });
    expect(await page.locator('.field-list li').nth(4).getAttribute('class')).toBe('inherited');

    expect(watch.errors).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('Tab goes through the fields in sweep order; hints give the fields’ answers in that order, Show the answer all of them; typed text survives a reload', async () => {
    const { page } = await open('#practice=adjoints&level=2&seed=265');
    await page.getByLabel('adjoint of v6', { exact: true }).focus();
    const order: string[] = [];
    for (let k = 0; k < SWEEP.length; k++) {
      order.push(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? ''));
      await page.keyboard.press('Tab');
    }
    expect(order).toEqual(SWEEP.map((id) => `adjoint of ${id}`));
    // A phone's keypad for these fields has a minus sign: no decimal-only keypad.
    expect(await page.locator('.field-list input').first().getAttribute('inputmode')).not.toBe('decimal');
    const answers = () => page.locator('.field-answer').allTextContents();
    const hint = page.getByRole('button', { name: 'Hint: the next field' });
    await hint.click();
    await expect.poll(answers).toEqual(['The answer: 1. adjoint of v6 = 1: the seed, ∂f/∂f.']);
    await hint.click();
    await expect.poll(async () => (await answers()).length).toBe(2);
    expect((await answers())[1]).toMatch(/^The answer: 0\.8007\. adjoint of v5 = /);
    await page.getByRole('button', { name: 'Show the answer' }).click();
    await expect.poll(async () => (await answers()).length).toBe(SWEEP.length);
    // Typed text, as a learner writes it, is kept by the problem and read back after a reload.
    await page.getByLabel('adjoint of v5', { exact: true }).fill('0,8007');
    await page.getByLabel('adjoint of v4', { exact: true }).fill('6;2');
    await page.reload();
    await page.getByLabel('adjoint of v6', { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('adjoint of v5', { exact: true }).inputValue()).toBe('0,8007');
    await page.getByLabel('adjoint of v5', { exact: true }).press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.field-list input[aria-invalid]').length === 7);
    const note = (f: string) => page.getByLabel(`adjoint of ${f}`, { exact: true }).evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    expect(await page.locator('.field-list li').nth(1).getAttribute('class')).toBe('right');
    expect(await note('v4')).toBe('“6;2” is not a number I can read: write a number such as 0.25, −1.5, 1/4 or 2.8 × 0.5.');
    await page.close();
  });

  it('keeps progress in localStorage, ignores bad stored data with one notice, and Reset clears it', async () => {
    // A second tab on the same problem, opened first: it follows the other tab's progress.
    const other = await open('#practice=adjoints&level=2&seed=265');
    await other.page.getByLabel('adjoint of v6', { exact: true }).waitFor();
    const { page } = await open('#practice=adjoints&level=2&seed=265');
    await page.getByLabel('adjoint of v6', { exact: true }).waitFor();
    await fill(page, KEY);
    await page.waitForFunction(() => document.querySelector('.practice-overview')?.textContent?.includes('Streak: 1'));
    await other.page.waitForFunction(() => document.querySelector('.practice-overview')?.textContent?.includes('Streak: 1'));
    await other.page.close();
    await page.reload();
    await page.getByLabel('adjoint of v6', { exact: true }).waitFor();
    expect(await page.locator('.practice-overview tbody tr').first().textContent()).toBe('Adjoints0 solved1 solved0 solved0 solved');
    expect(await page.locator('.practice-title').textContent()).toContain('solved');
    await page.evaluate(() => localStorage.setItem('tape-lab-practice', '{"solved": 7'));
    await page.reload();
    await page.getByLabel('adjoint of v6', { exact: true }).waitFor();
    expect(await page.locator('.lesson-notice li').allTextContents()).toEqual(['The practice progress stored in this browser could not be read, so it starts afresh.']);
    await page.getByRole('button', { name: 'Reset progress' }).click();
    expect(await page.evaluate(() => localStorage.getItem('tape-lab-practice'))).toBeNull();
    await page.close();
  });

  it("poses micrograd's test_sanity_check, whose (z*z) reads z twice; typed text survives a reload and solving it counts in the progress", async () => {
    // x = −4: z = −10 (v3); z*z is v7, read by relu; y = −20, ∂y/∂x = 46. v3 takes one term from each read of z*z.
    const program = 'x = Value(-4.0)\nz = 2*x + 2 + x\nq = z.relu() + z*x\nh = (z*z).relu()\ny = h + q + q*x';
    const key: Record<string, number> = { v11: 1, v10: 1, v9: 1, v8: 1, v7: 1, v6: -3, v5: -3, v4: -3, v3: -8, v2: -8, v1: -8, v0: 46 };
    const { page, watch } = await open(`#practice=adjoints&program=${encodeURIComponent(program)}`);
    await page.getByLabel('adjoint of v11', { exact: true }).waitFor();
    for (const [id, a] of Object.entries(key)) await page.getByLabel(`adjoint of ${id}`, { exact: true }).fill(String(a));
    // Only one read of z*z kept (−10 × 1): the overwrite, with both reads' terms in the equation.
    await page.getByLabel('adjoint of v3', { exact: true }).fill('-10');
    await page.reload();
    await page.getByLabel('adjoint of v11', { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('adjoint of v3', { exact: true }).inputValue()).toBe('-10');
    expect(await page.getByLabel('adjoint of v0', { exact: true }).inputValue()).toBe('46');
    await page.getByLabel('adjoint of v3', { exact: true }).press('Enter');
    await page.waitForFunction(() => document.querySelector('.practice-status')?.textContent?.startsWith('11 of 12 right. Start at adjoint of v3'));
    const said = await page.getByLabel('adjoint of v3', { exact: true }).evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)!.textContent);
    expect(said).toMatch(/^You kept only one contribution \(from v7\); adjoints add, \+=/);
    expect(said).toContain('(v7 reads v3 twice: one term per read)');
    expect(await page.locator('.practice-overview').textContent()).toContain('Streak: 0');
    await page.getByLabel('adjoint of v3', { exact: true }).fill('-8');
    await page.getByLabel('adjoint of v3', { exact: true }).press('Enter');
    await page.waitForFunction(() => document.querySelector('.practice-status')?.textContent?.startsWith('All 12 adjoints are right'));
    await page.waitForFunction(() => document.querySelector('.practice-overview')?.textContent?.includes('Streak: 1'));
    await page.reload();
    await page.getByLabel('adjoint of v11', { exact: true }).waitFor();
    expect(await page.locator('.practice-title').textContent()).toBe('Adjoints: your program · solved');
    expect(await page.locator('.practice-programs').textContent()).toMatch(/: 1 solved\.$/);
    // The generated problems' table is untouched.
    expect(await page.locator('.practice-overview tbody tr').first().textContent()).toBe('Adjoints0 solved0 solved0 solved0 solved');
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('is reached from the header, and a bad link is corrected with a notice', async () => {
    const { page } = await open('');
    await page.getByRole('link', { name: 'Practice' }).click();
    await page.getByLabel('adjoint of v', { exact: false }).first().waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('#practice=adjoints&level=1&seed=1');
    await page.evaluate(() => (window.location.hash = '#practice=quiz&level=9&seed=x&bogus=1'));
    // One notice each for the kind, the level, the seed and the key practice does not read, which the link drops.
    await page.waitForFunction(() => window.location.hash === '#practice=adjoints&level=1&seed=1' && document.querySelectorAll('.lesson-notice li').length === 4);
    expect(await page.locator('.lesson-notice li').last().textContent()).toBe('Practice ignored a setting it does not use: “bogus”.');
    await page.close();
  });
});

describe('practice: "Try one yourself" at the end of chapters 2, 3, 4 and 8', () => {
  it('links each to an adjoints problem at the matching level, opens it, and leaves it out of presentation mode', async () => {
    const { page } = await open('#lesson=sweep');
    const link = page.getByRole('link', { name: 'Try one yourself' });
    for (const [chapter, hash] of [
      [2, '#practice=adjoints&level=1&seed=3'],
      [3, '#practice=adjoints&level=2&seed=265'],
      [4, '#practice=adjoints&level=3&seed=5'],
      [8, '#practice=adjoints&level=4&seed=4'],
    ] as const) {
      await page.evaluate((h) => (window.location.hash = h), `#lesson=${chapter}`);
      await page.waitForFunction((n) => document.querySelector('article h2')?.textContent?.startsWith(`${n}.`), chapter);
      expect(await link.getAttribute('href'), `chapter ${chapter}`).toBe(hash);
    }
    // No other chapter has one.
    await page.evaluate(() => (window.location.hash = '#lesson=one-sweep'));
    await page.waitForFunction(() => document.querySelector('article h2')?.textContent?.startsWith('5.'));
    expect(await link.count()).toBe(0);

    await page.evaluate(() => (window.location.hash = '#lesson=fan-out'));
    await link.click();
    await page.waitForFunction(() => window.location.hash === '#practice=adjoints&level=2&seed=265');
    expect(await page.locator('.practice-task code').textContent()).toBe('(ln(x/y)^2*x)^2');

    await page.goto(`${env.served.url}#lesson=fan-out&embed=1`);
    expect(await link.getAttribute('target')).toBe('_blank');
    await page.goto(`${env.served.url}#lesson=fan-out&present=1`);
    await page.locator('.stage article h2').waitFor();
    expect(await link.count()).toBe(0);
    await page.close();
  });
});

describe('practice: rules and bugs', () => {
  it('a wrong rule gets a counterexample, a right one is marked right', async () => {
    const { page } = await open('#practice=rule&level=1&seed=3');
    const field = page.getByLabel('∂f/∂u =');
    await field.fill('u');
    await field.press('Enter');
    // The counterexample is said once, under the field; the status line counts.
    const note = () => field.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    await expect.poll(note).toMatch(/^At u = \S+ your rule gives \S+; the slope is \S+\.$/);
    expect(await page.locator('.practice-status').textContent()).toBe('0 of 1 right: the note under the field says why.');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('-cos(u)');
    await field.press('Enter');
    await expect.poll(note).toMatch(/^Sign error: /);
    await field.fill('cos(u)');
    await field.press('Enter');
    await page.waitForFunction(() => document.querySelector('.practice-status')?.textContent?.startsWith('The rule is right'));
    expect(await field.getAttribute('aria-invalid')).toBe('false');
    await page.close();
  });

  it('stepping through a recorded sweep, the first wrong event is found', async () => {
    const { page } = await open('#practice=bug&level=3&seed=5');
    await page.getByRole('button', { name: 'Next event' }).click();
    await page.getByLabel(/^Event 2\./).check();
    await page.getByRole('button', { name: 'Check' }).click();
    await page.waitForFunction(() => document.querySelector('.practice-status')?.textContent?.startsWith('Right: event 2 is the first wrong one.'));
    // Asked for, the answer names the event.
    await page.getByRole('button', { name: 'Show the answer' }).click();
    expect(await page.locator('.field-answer').textContent()).toMatch(/^The answer: event 2\. /);
    await page.close();
  });
});

describe('practice: screens', () => {
  it.each([
    [1920, 1080],
    [1366, 768],
    [390, 844],
  ])('at %i×%i the graph sits above or beside the fields with 16 px text, nothing overflows the page', async (width, height) => {
    const { page } = await open('#practice=adjoints&level=4&seed=3', { viewport: { width, height } });
    await page.getByLabel('adjoint of v0', { exact: true }).waitFor();
    await page.getByLabel('adjoint of v0', { exact: true }).fill('0.5');
    await page.getByLabel('adjoint of v0', { exact: true }).press('Enter');
    await marked(page);
    const box = await page.evaluate(() => {
      const g = document.querySelector('.practice-figure')!.getBoundingClientRect();
      const f = document.querySelector('.practice-fields')!.getBoundingClientRect();
      return { graphBottom: g.bottom, fieldsTop: f.top, graphRight: g.right, fieldsLeft: f.left, scroll: document.documentElement.scrollWidth };
    });
    if (width < 600) expect(box.fieldsTop).toBeGreaterThanOrEqual(box.graphBottom);
    else expect(box.fieldsLeft).toBeGreaterThanOrEqual(box.graphRight);
    expect(box.scroll).toBeLessThanOrEqual(width);
    // The graph's text is drawn at 16 px at least: a graph wider than its column scrolls in its own box.
    const least = await page.evaluate(() =>
      Math.min(
        ...[...document.querySelectorAll<SVGTextElement>('.practice-figure svg text')].map((t) => {
          const m = t.getScreenCTM()!;
          return parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        }),
      ),
    );
    expect(least).toBeGreaterThanOrEqual(15.99);
    await page.locator('.practice-fields').scrollIntoViewIfNeeded();
    if (width >= 1366) {
      // Beside the fields, the widest problems (levels 3 and 4) are drawn top to bottom rather than
      // scroll sideways: the whole graph is in view at 16 px.
      for (const level of [3, 4]) {
        for (let seed = 1; seed <= 8; seed++) {
          const hash = `#practice=adjoints&level=${level}&seed=${seed}`;
          await page.evaluate((h) => (window.location.hash = h), hash);
          await page.waitForFunction((h) => window.location.hash === h && document.querySelector('.practice-figure .xgraph svg') !== null, hash);
          const graph = await page.locator('.practice-figure .xgraph').evaluate((el) => ({ region: el.getAttribute('role'), over: el.scrollWidth - el.clientWidth }));
          expect(graph, hash).toEqual({ region: null, over: 0 });
        }
      }
    }
    await page.close();
  });
});
