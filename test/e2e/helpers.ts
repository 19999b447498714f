import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { wait } from './patience.ts';

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
 * `within` (CSS selectors) limits the check to those parts: a test of one section checks that
 * section, and the whole page is checked by the share test, in both themes with menus open.
 * `rules` (axe rule ids) limits it to those rules: a second theme changes colours alone, so
 * `['color-contrast']` is all it can break.
 */
export async function axeViolations(page: Page, within: readonly string[] = [], rules?: readonly string[]): Promise<string[]> {
  // A fade still running (a row or chart leaving its dimmed state) has a contrast between its two
  // ends; axe reads the page once the finite ones have finished (a busy machine stretches them).
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    null,
    { timeout: wait(30_000) },
  );
  // Once per document: compiling axe's half a megabyte again for every check costs time.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ([include, only]) => {
      type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
      type Context = Document | { include: string[][] };
      type Options = { runOnly?: { type: 'rule'; values: string[] } };
      const axe = (window as unknown as { axe: { run: (c: Context, o: Options) => Promise<Result> } }).axe;
      if (include.length > 0 && include.some((sel) => !document.querySelector(sel))) throw new Error(`axe: nothing matches ${include.join(', ')}`);
      const result = await axe.run(
        include.length > 0 ? { include: include.map((sel) => [sel]) } : document,
        only ? { runOnly: { type: 'rule', values: only } } : {},
      );
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
    },
    [[...within], rules ? [...rules] : null] as const,
  );
}

/**
 * Waits until the page has painted `count` more frames. For a check that something does not
 * happen (a paused player holds, a half-typed value is not run): whatever is driven by frames or
 * timers has had those frames to show itself, at the page's own pace (a busy page paints less
 * often, which only gives it longer), with no fixed sleep.
 */
export async function framesPass(page: Page, count = 2): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((done) => {
        let left = n;
        const tick = () => (--left <= 0 ? done() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    count,
  );
}

/**
 * Waits until `read` (evaluated in the page) gives the same answer `frames` frames in a row: a
 * pan, a scroll or a redraw has come to rest.
 */
export async function steady(page: Page, read: () => unknown, frames = 4): Promise<void> {
  let last = JSON.stringify(await page.evaluate(read));
  for (let same = 0; same < frames; ) {
    await framesPass(page, 1);
    const now = JSON.stringify(await page.evaluate(read));
    same = now === last ? same + 1 : 0;
    last = now;
  }
}

/** Waits until the page is still for a picture: its fades and transitions done, its scroll at rest. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    null,
    { timeout: wait(30_000) },
  );
  await steady(page, () => [window.scrollX, window.scrollY]);
}

/** The lab's whole hash for its defaults, as it writes it back after a load of `/`. */
export const DEFAULT_HASH = '#steps=40&eps=1e-5&stride=4&schedule=periodic&snapshots=3&c=0.35&x0=0.4&target=0.25';

/** The summary strip's figures (work, errors, best epsilon, held items; not its measured times). */
export const summaryFigures = (page: Page): Promise<string[]> => page.locator('.summary .stat-value').allTextContents();

/**
 * Brings a lab page that is already loaded back to the state of `hash` without a reload, as an
 * edited address bar does (the lab reads the hash on `hashchange`, app/lab/labSync.ts), so tests
 * that share one page start each from a known state whatever ran before. `hash` is the whole hash
 * as the lab writes it; `figures` are `summaryFigures` read once on a page showing that state. It
 * returns once the hash is that, the summary shows those figures, every panel (the Work panel far
 * below included) has drawn its report for those steps and nothing is dimmed as stale; with no
 * focus, no pointer over the page and the page scrolled to its top.
 */
export async function returnTo(page: Page, hash: string, figures: readonly string[]): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
  const steps = new URLSearchParams(hash.slice(1)).get('steps');
  await page.waitForFunction(
    ([h, f, t]) => {
      // Set again while it differs: a slider that was dragged commits its value when the drag
      // rests (app/state/perf/dragging.ts), which can land after the first setting.
      if (window.location.hash !== h) {
        window.location.hash = h;
        return false;
      }
      return (
        JSON.stringify([...document.querySelectorAll('.summary .stat-value')].map((e) => e.textContent)) === f &&
        (document.querySelector('.panel-work')?.textContent ?? '').includes(`T = ${t}`) &&
        !document.querySelector('.stale')
      );
    },
    [hash, JSON.stringify(figures), steps] as const,
    { timeout: wait(60_000), polling: 100 },
  ).catch(async (error: unknown) => {
    const seen = await page.evaluate(() => ({
      hash: window.location.hash,
      figures: [...document.querySelectorAll('.summary .stat-value')].map((e) => e.textContent),
      work: document.querySelector('.panel-work h2 + *')?.textContent?.slice(0, 80),
      workT: (document.querySelector('.panel-work')?.textContent ?? '').match(/T = \d+/g),
      stale: [...document.querySelectorAll('.stale')].map((e) => e.className),
    }));
    throw new Error(`returnTo ${hash}: the page shows ${JSON.stringify(seen)}, not ${JSON.stringify(figures)}`, { cause: error });
  });
  await panelsDrawn(page, 5);
  await page.evaluate(() => window.scrollTo(0, 0));
  await steady(page, () => [window.scrollX, window.scrollY]);
}

/**
 * Scrolls until the element matching `selector` (the `index`-th, from 0) is on screen (in part at least) and drawn. A page
 * of content-visibility sections changes height as sections near the screen are drawn, so one
 * scrollIntoView can land short (and Playwright's, which waits for the element to stop moving,
 * can time out): this scrolls again on each poll until the element is there. Until the element
 * exists and has a box it scrolls to `via` instead: a lazily loaded section's body appears only
 * once the section comes near the screen.
 */
export async function scrollUntilInView(page: Page, selector: string, via: string, index = 0, timeout = 60_000): Promise<void> {
  const deadline = Date.now() + wait(timeout);
  const inView = (slice: number) =>
    page.waitForFunction(
      ([sel, outer, nth]) => {
        const el = document.querySelectorAll(sel)[nth];
        const r = el?.getBoundingClientRect();
        if (!el || !r) {
          // Not there yet: bring the section itself in.
          document.querySelector(outer)?.scrollIntoView({ block: 'start' });
          return false;
        }
        if (r.top === 0 && r.left === 0 && r.width === 0 && r.height === 0) {
          // There without a box. Seen on a phone under load, about once in a dozen runs: a lever of
          // the tradeoffs section at 0 × 0 at 0, 0 for a minute, no ancestor undisplayed, skipped
          // by content-visibility (checkVisibility), while its section sat on screen at its
          // remembered height (216 px, the height it had while loading) and the page drew
          // frames. Bringing the section in again changed nothing, as if the page's record of
          // whether the section is near the screen were stuck. So take it away and bring it back,
          // poll by poll: to the top of the page, then to the section.
          const away = ((window as { __scrollAway?: boolean }).__scrollAway = !(window as { __scrollAway?: boolean }).__scrollAway);
          if (away) window.scrollTo(0, 0);
          else document.querySelector(outer)?.scrollIntoView({ block: 'start' });
          return false;
        }
        // On screen, in part at least: done. Scrolled only while it is off screen, so two polls
        // never fight the page's own layout (sections drawn above it as they come near).
        if (r.height > 0 && r.bottom > 40 && r.top < window.innerHeight - 40) return true;
        el.scrollIntoView({ block: r.height > window.innerHeight ? 'start' : 'center' });
        return false;
      },
      [selector, via, index] as const,
      { timeout: slice, polling: 250 },
    );
  for (;;) {
    try {
      await inView(Math.max(1000, Math.min(15_000, deadline - Date.now())));
      return;
    } catch (error) {
      // Poll again until the time is up, the page in front (a page not in front may stop
      // drawing frames, and content-visibility decides what to skip when one is drawn).
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      if (timedOut && Date.now() < deadline - 1000 && !page.isClosed()) {
        await page.bringToFront();
        continue;
      }
      await failed(error);
    }
  }
  async function failed(error: unknown): Promise<never> {
    // Say where the element was: a timeout alone does not tell a short scroll from a missing part.
    const seen = await page
      .evaluate(
        async ([sel, nth, outer]) => {
          const el = document.querySelectorAll(sel)[nth];
          const r = el?.getBoundingClientRect();
          // The nearest element that is not displayed, with its class and inline style: a box of
          // 0 × 0 at 0, 0 means one (React's Suspense hides content so while a boundary waits).
          let hidden: string | null = null;
          for (let a: Element | null = el ?? null; a && !hidden; a = a.parentElement) {
            if (getComputedStyle(a).display === 'none') hidden = `${a.tagName.toLowerCase()}.${a.className} style="${a.getAttribute('style') ?? ''}"`;
          }
          // Where its section is, and whether content-visibility skips the element.
          const section = document.querySelector(outer)?.getBoundingClientRect();
          const skipped = el ? !el.checkVisibility({ contentVisibilityAuto: true }) : null;
          // Whether the page draws frames: content-visibility decides what it skips at a frame.
          const frames = await new Promise<number>((done) => {
            let n = 0;
            const tick = () => {
              n++;
              requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
            setTimeout(() => done(n), 500);
          });
          return {
            found: !!el,
            frames,
            visibility: document.visibilityState,
            rect: r ? [r.top, r.bottom, r.height].map(Math.round) : null,
            hidden,
            skipped,
            section: section ? [section.top, section.bottom].map(Math.round) : null,
            scrollY: Math.round(window.scrollY),
            innerHeight: window.innerHeight,
            pageHeight: document.documentElement.scrollHeight,
          };
        },
        [selector, index, via] as const,
      )
      .catch(() => null);
    throw new Error(`scrollUntilInView ${selector} [${index}]: ${JSON.stringify(seen)}`, { cause: error });
  }
}
