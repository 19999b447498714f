import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './harness.ts';
import { axeViolations } from './helpers.ts';

const env = sharedBrowser();

async function open(hash: string) {
  const { page, watch } = await env.page({ viewport: { width: 1920, height: 1080 } });
  await page.goto(`${env.served.url}${hash}`);
  await page.locator('.pose-answers').waitFor();
  return { page, watch };
}

/** Level 2, seed 265: f = (ln(x/y)²·x)² at x = 2.9, y = 2; its adjoints in sweep order, to four digits. */
const KEY = ['1', '0.8007', '2.322', '1.726', '1.19', '−0.8628', '0.7056'];

const revealed = (page: Page) => page.locator('.pose-list .pose-value').allTextContents();
const why = (page: Page) => page.locator('.pose-why[role=status]').textContent();

describe('practice posed to a room (pose=1)', () => {
  it('keeps the answers off the page until Reveal, then shows one at a time with its equation, or all', async () => {
    const { page, watch } = await open('#practice=adjoints&level=2&seed=265&pose=1');
    expect(await page.locator('.pose-task code').textContent()).toBe('(ln(x/y)^2*x)^2');
    expect(await page.locator('.pose-list li').count()).toBe(7);
    expect(await revealed(page)).toEqual([]);
    // No adjoint but the seed's is anywhere on the page, in any form.
    const text = await page.evaluate(() => document.body.textContent ?? '');
    for (const a of KEY.slice(2)) expect(text).not.toContain(a);
    expect(await why(page)).toBe('All 7 answers are hidden.');

    const next = page.getByRole('button', { name: 'Reveal the next' });
    await next.click();
    await page.waitForFunction(() => document.querySelectorAll('.pose-list .pose-value').length === 1);
    expect(await why(page)).toBe('adjoint of v6 = 1: the seed, ∂f/∂f.');
    await next.click();
    // R reveals the next too, as a lecturer at the keyboard would.
    await page.keyboard.press('r');
    await page.waitForFunction(() => document.querySelectorAll('.pose-list .pose-value').length === 3);
    expect(await revealed(page)).toEqual(KEY.slice(0, 3));
    expect(await why(page)).toBe('adjoint of v4 = ∂v5/∂v4 · adjoint of v5 = 2.9 × 0.8007 = 2.322.');

    await page.getByRole('button', { name: 'Reveal all' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.pose-list .pose-value').length === 7);
    expect(await revealed(page)).toEqual(KEY);
    expect(await why(page)).toContain('= 0.7056. That is ∂f/∂x.');
    expect(await next.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Hide' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.pose-list .pose-value').length === 0);
    expect(watch.errors).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('PageDown goes to the next seed and PageUp back, with the answers hidden again; Esc leaves', async () => {
    const { page } = await open('#practice=adjoints&level=2&seed=265&pose=1');
    // A clicked Reveal keeps no hold on the clicker's keys.
    await page.getByRole('button', { name: 'Reveal the next' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.pose-list .pose-value').length === 1);
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => window.location.hash === '#practice=adjoints&level=2&seed=266&pose=1');
    await page.waitForFunction(() => document.querySelector('.pose-title')?.textContent === 'Adjoints, level 2, problem 266');
    await page.locator('.pose-task code').waitFor();
    expect(await page.locator('.pose-task code').textContent()).not.toBe('(ln(x/y)^2*x)^2');
    expect(await revealed(page)).toEqual([]);
    await page.keyboard.press('PageUp');
    await page.waitForFunction(() => window.location.hash === '#practice=adjoints&level=2&seed=265&pose=1');
    await page.waitForFunction(() => document.querySelector('.pose-task code')?.textContent === '(ln(x/y)^2*x)^2');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => window.location.hash === '#practice=adjoints&level=2&seed=265');
    await page.getByLabel('adjoint of v6', { exact: true }).waitFor();
    // And back in: the practice page's own way to pose the problem.
    await page.getByRole('link', { name: 'Present this problem' }).click();
    await page.waitForFunction(() => window.location.hash === '#practice=adjoints&level=2&seed=265&pose=1');
    await page.locator('.pose-answers').waitFor();
    await page.close();
  });

  it.each([
    ['#practice=adjoints&level=2&seed=265&pose=1', 'seven nodes'],
    ['#practice=adjoints&level=1&seed=12&pose=1', 'a chain five layers long'],
    ['#practice=adjoints&level=4&seed=6&pose=1', 'a neuron of two features: twelve nodes'],
    ['#practice=adjoints&level=3&seed=0&pose=1', 'a shared subexpression'],
    ['#practice=bug&level=4&seed=7&pose=1', 'a sweep of eleven events'],
    ['#practice=rule&level=3&seed=5&pose=1', 'a rule of two inputs'],
  ])('%s (%s), answers all revealed: nothing leaves 1920×1080, body ≥ 28 px, figure ≥ 24 px', async (hash) => {
    const { page } = await open(hash);
    const all = page.getByRole('button', { name: /^Reveal( all)?$/ });
    await all.click();
    await page.waitForFunction(() => document.querySelectorAll('.pose-list .hidden').length === 0);
    if (!hash.includes('rule')) await page.locator('.xgraph svg').waitFor();
    const m = await page.evaluate(() => {
      const px = (el: Element) => parseFloat(getComputedStyle(el).fontSize);
      const outside = [...document.querySelectorAll('.stage *')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && (r.left < -0.5 || r.top < -0.5 || r.right > 1920.5 || r.bottom > 1080.5);
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      const body = [...document.querySelectorAll('.pose-task, .pose-why, .pose-list li, .pose-answers h2, .pose-buttons button')].map(px);
      const figure = [...document.querySelectorAll('.tape-list td, .tape-list th, .pose-events li')].map(px);
      // The graph's text as drawn: its font size times the scale of its drawing.
      const svg = document.querySelector('.xgraph svg');
      const graph = svg instanceof SVGSVGElement ? px(svg) * (svg.getBoundingClientRect().width / svg.viewBox.baseVal.width) : null;
      const stage = document.querySelector('.stage')!;
      return { outside, body, figure, graph, overflow: stage.scrollHeight - stage.clientHeight, scroll: document.documentElement.scrollWidth };
    });
    expect(m.outside).toEqual([]);
    expect(m.overflow).toBeLessThanOrEqual(0);
    expect(m.scroll).toBeLessThanOrEqual(1920);
    expect(m.body.length).toBeGreaterThan(4);
    expect(Math.min(...m.body)).toBeGreaterThanOrEqual(28);
    if (!hash.includes('rule')) {
      expect(m.figure.length).toBeGreaterThan(4);
      expect(Math.min(...m.figure)).toBeGreaterThanOrEqual(24);
      expect(m.graph).toBeGreaterThanOrEqual(24 - 1e-6);
    }
    await page.close();
  });

  it('a bad pose value is read as off, with one notice, and the page is the practice page', async () => {
    const { page } = await open('#practice=adjoints&level=2&seed=265&pose=1');
    await page.evaluate(() => (window.location.hash = '#practice=adjoints&level=2&seed=265&pose=%E2%80%AEmaybe'));
    await page.waitForFunction(() => window.location.hash === '#practice=adjoints&level=2&seed=265');
    await page.getByLabel('adjoint of v6', { exact: true }).waitFor();
    expect(await page.locator('.lesson-notice li').allTextContents()).toEqual(['Pose: “\\u{202e}maybe” is not 1 or 0, so it is off.']);
    await page.close();
  });
});
