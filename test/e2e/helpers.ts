import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Sets a range input's value and sends only an `input` event, as a dragged thumb does. */
export async function drag(page: Page, label: string, value: number): Promise<void> {
  await page.getByLabel(label, { exact: true }).evaluate((el, v) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(v));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/** The page's background in each scheme (app/shell/base.css, --bg). */
const BACKGROUND = { light: 'rgb(245, 245, 241)', dark: 'rgb(18, 20, 24)' } as const;

/**
 * Turns the system's colour scheme to `scheme` and waits until the page (theme "System") has
 * followed it, without a reload.
 */
export async function systemScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction((bg) => getComputedStyle(document.body).backgroundColor === bg, BACKGROUND[scheme]);
}

/** Waits until the summary strip says `text`. */
export const summarySays = (page: Page, text: string) =>
  page.waitForFunction((t) => document.querySelector('.summary')?.textContent?.includes(t), text);

/** Waits until `count` panels are on screen, each with its chart drawn, and no run is in flight. */
export async function panelsDrawn(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => {
    const sections = [...document.querySelectorAll('main section')];
    return sections.length === n && sections.every((s) => s.querySelector('svg.chart'));
  }, count);
  await page.waitForFunction(() => !document.querySelector('.progress.on'));
}

/**
 * axe-core's violations on the page, one line each. axe is evaluated over the DevTools protocol,
 * which the page's CSP does not govern (an injected <script> would be refused, rightly).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // A fade still running (a row or chart leaving its dimmed state) has a contrast between its two
  // ends; axe reads the page once the finite ones have finished (a busy machine stretches them).
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    null,
    { timeout: 10_000 },
  );
  // Once per document: compiling axe's half a megabyte again for every check costs time.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (c: Document) => Promise<Result> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
  });
}
