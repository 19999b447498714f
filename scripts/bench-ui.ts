// `npm run bench:ui [-- --json] [-- --no-build] [-- --only=startup|sliders|scrub|long]`: how fast the built app answers, in headless
// Chromium. Builds the app, serves dist/ with scripts/serve.mjs, then
//   - cold load (a fresh browser context: no cache, no service worker): the time to interactive
//     (the `lab:interactive` measure: navigation start to the paint of the first report, every
//     panel drawn), the bytes the first load transferred and the gzipped JavaScript it ran, and
//     the main thread's long tasks until then (observed from before the page's first script);
//   - startup without DevTools attached (scripts/bareLoad.ts says why): three cold loads each of
//     the default link, `#steps=20000`, `#steps=100000` and `#steps=100000` with `&stride=1` and with
//     revolve at 1 and 10 stored states, each in a fresh browser, with every long task until six
//     seconds after the first report's paint;
//   - for each slider at the default steps and at the largest the UI offers: ~60 real mouse moves
//     across its range at ~16 ms intervals, then the `lab:update` measures (input to the paint of
//     its result, app/state/perf/updateTiming.ts) as p50/p95/max, and the main thread's long tasks
//     (> 50 ms) while dragging;
//   - the tape's position slider at the largest steps, scrubbed end to end (~60 moves): per move,
//     input to the next painted frame (`bench:scrub` measures, added by this script) as
//     p50/p95/max, and the long tasks while scrubbing.
// For each drag and the scrub, on Linux, it also reads how long the page's main thread ran and how
// long it waited for a core (scripts/mainThreadClock.ts): a long task is wall time, and on two
// cores shared with the browser's other threads much of it can be waiting.
// A benchmark, not a test: it prints figures and never fails on them. Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { sliderRange } from '../app/state/settings/schema.ts';
import { dragThumb, INPUTS, INTERVAL_MS, sliderBox, sliderCases, type SliderCase } from './sliderDrag.ts';
import { launch, serveDist } from '../test/e2e/harness.ts';
import { bareLoads, type BareLoad } from './bareLoad.ts';
import { MainThreadClock, type ThreadTime } from './mainThreadClock.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
interface DragResult {
  slider: string;
  steps: number;
  inputs: number;
  measured: number;
  p50: number;
  p95: number;
  max: number;
  longTasks: number;
  longestTask: number;
  /** When each long task began, ms from the drag's start (its first input and report are the heaviest). */
  longTaskStarts: number[];
  /** The page's main thread over the drag: ms on a core and ms waiting for one; null off Linux. */
  main: ThreadTime | null;
}

interface ColdLoad {
  interactiveMs: number;
  /** The long tasks (> 50 ms) from navigation to the first report's paint, ms each. */
  longTasks: number[];
  transferredBytes: number;
  requests: number;
  jsBytes: number;
  jsGzipBytes: number;
  fonts: string[];
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

/** Waits for the first report's paint, then until no run is in flight. */
async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('lab:interactive').length > 0, null, { timeout: 60_000 });
  await settle(page);
}

/** Waits until every input has painted and no run is in flight. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const inputs = performance.getEntriesByName('lab:input').length;
      const updates = performance.getEntriesByName('lab:update').length;
      return inputs === updates && !document.querySelector('.progress.on');
    },
    null,
    { timeout: 120_000, polling: 100 },
  );
  await page.waitForTimeout(300);
}

async function coldLoad(browser: Browser, url: string): Promise<ColdLoad> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
  // Installed before the page's own scripts, so the startup tasks are seen too.
  await context.addInitScript(() => {
    const w = window as unknown as { startupTasks: PerformanceEntry[] };
    w.startupTasks = [];
    new PerformanceObserver((list) => w.startupTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(url);
  await ready(page);
  const entries = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const interactive = performance.getEntriesByName('lab:interactive')[0];
    const tasks = (window as unknown as { startupTasks: PerformanceEntry[] }).startupTasks;
    return {
      longTasks: tasks.filter((t) => t.startTime <= interactive.startTime + interactive.duration).map((t) => Math.round(t.duration)),
      interactive: interactive.duration,
      files: [nav, ...resources].map((e) => ({ name: e.name, transfer: e.transferSize })),
    };
  });
  await context.close();
  let jsBytes = 0;
  let jsGzipBytes = 0;
  const fonts: string[] = [];
  for (const file of entries.files) {
    const path = new URL(file.name).pathname;
    if (path.endsWith('.js')) {
      const body = readFileSync(join(ROOT, 'dist', path));
      jsBytes += body.length;
      jsGzipBytes += gzipSync(body, { level: 9 }).length;
    }
    if (/\.(woff2?|ttf)$/.test(path)) fonts.push(basename(path).replace(/-[\w-]{8}\./, '.'));
  }
  return {
    interactiveMs: entries.interactive,
    longTasks: entries.longTasks,
    transferredBytes: entries.files.reduce((sum, f) => sum + f.transfer, 0),
    requests: entries.files.length,
    jsBytes,
    jsGzipBytes,
    fonts,
  };
}

async function drag(page: Page, slider: SliderCase, steps: number): Promise<DragResult> {
  const box = await sliderBox(page, slider);
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: PerformanceEntry[] };
    w.longTasks = [];
    new PerformanceObserver((list) => w.longTasks.push(...list.getEntries())).observe({ type: 'longtask' });
  });
  const clock = new MainThreadClock();
  clock.start();
  const start = await page.evaluate(() => performance.now());
  await dragThumb(page, box, slider);
  const end = await page.evaluate(() => performance.now());
  const main = clock.stop();
  await settle(page);
  const data = await page.evaluate(
    ({ start, end }) => {
      const w = window as unknown as { longTasks: PerformanceEntry[] };
      const tasks = w.longTasks.filter((t) => t.startTime >= start && t.startTime <= end);
      return {
        inputs: performance.getEntriesByName('lab:input').length,
        updates: performance.getEntriesByName('lab:update').map((e) => e.duration),
        longTasks: tasks.map((t) => t.duration),
        longTaskStarts: tasks.map((t) => Math.round(t.startTime - start)),
      };
    },
    { start, end },
  );
  return dragResult(slider.label, steps, data.inputs, data.updates, data, main);
}

/** One drag's figures: the input-to-paint times' quantiles, its long tasks and its main thread. */
function dragResult(
  slider: string,
  steps: number,
  inputs: number,
  times: number[],
  tasks: { longTasks: number[]; longTaskStarts: number[] },
  main: ThreadTime | null,
): DragResult {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    slider,
    steps,
    inputs,
    measured: sorted.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    longTasks: tasks.longTasks.length,
    longestTask: Math.max(0, ...tasks.longTasks),
    longTaskStarts: tasks.longTaskStarts,
    main,
  };
}

/** The tape section scrolled into view (its body loads when near), its tape recorded and drawn. */
async function openTape(page: Page): Promise<void> {
  await page.locator('section.tape-panel').scrollIntoViewIfNeeded();
  await page.locator('section.tape-panel .tape-graph-svg').waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => !document.querySelector('section.tape-panel .tape-lab.loading'), null, { timeout: 120_000 });
  await page.waitForTimeout(500);
}

/**
 * Scrubs the tape's position slider from its start to its end. The position is not a setting (no
 * `lab:input` mark), so each `input` event is timed here: from its time stamp to the frame after
 * it, by the same rAF-then-task rule as app/state/perf/updateTiming.ts.
 */
async function scrub(page: Page, steps: number): Promise<DragResult> {
  await openTape(page);
  const input = page.locator('section.tape-panel .transport-scrub input[type="range"]');
  // In the middle of the screen, clear of the sticky controls at the top.
  await input.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(300);
  const box = await input.boundingBox();
  if (!box) throw new Error('no tape position slider');
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: PerformanceEntry[]; scrubInputs: number };
    w.longTasks = [];
    w.scrubInputs = 0;
    new PerformanceObserver((list) => w.longTasks.push(...list.getEntries())).observe({ type: 'longtask' });
    const slider = document.querySelector('section.tape-panel .transport-scrub input[type="range"]')!;
    slider.addEventListener('input', (event) => {
      w.scrubInputs += 1;
      const start = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          performance.measure('bench:scrub', { start, end: performance.now() });
        };
        channel.port2.postMessage(null);
      });
    });
  });
  const thumb = 8;
  const x = (f: number) => box.x + thumb + f * (box.width - 2 * thumb);
  const y = box.y + box.height / 2;
  const clock = new MainThreadClock();
  clock.start();
  const start = await page.evaluate(() => performance.now());
  await page.mouse.move(x(0), y);
  await page.mouse.down();
  for (let i = 1; i <= INPUTS; i++) {
    await page.mouse.move(x(i / INPUTS), y);
    await page.waitForTimeout(INTERVAL_MS);
  }
  await page.mouse.up();
  const end = await page.evaluate(() => performance.now());
  const main = clock.stop();
  await page.waitForFunction(
    () => performance.getEntriesByName('bench:scrub').length === (window as unknown as { scrubInputs: number }).scrubInputs,
    null,
    { timeout: 120_000, polling: 100 },
  );
  const data = await page.evaluate(
    ({ start, end }) => {
      const w = window as unknown as { longTasks: PerformanceEntry[]; scrubInputs: number };
      const tasks = w.longTasks.filter((t) => t.startTime >= start && t.startTime <= end);
      return {
        inputs: w.scrubInputs,
        moves: performance.getEntriesByName('bench:scrub').map((e) => e.duration),
        longTasks: tasks.map((t) => t.duration),
        longTaskStarts: tasks.map((t) => Math.round(t.startTime - start)),
      };
    },
    { start, end },
  );
  return dragResult('Tape position (scrub)', steps, data.inputs, data.moves, data, main);
}

async function scrubTape(browser: Browser, url: string, steps: number): Promise<DragResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${url}#steps=${steps}`);
  await ready(page);
  try {
    return await scrub(page, steps);
  } finally {
    await context.close();
  }
}

async function dragAll(browser: Browser, url: string, steps: number): Promise<DragResult[]> {
  const results: DragResult[] = [];
  for (const slider of sliderCases(steps)) {
    // A fresh page per slider, so each starts from the same settings and a warm cache.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${url}#steps=${steps}`);
    await ready(page);
    results.push(await drag(page, slider, steps));
    await context.close();
  }
  return results;
}

/** A long chain typed into the steps field: until its report is on screen, then its tape drawn. */
interface LongChain {
  steps: number;
  /** From Enter in the field to the report on screen (the estimates in place), ms. */
  reportMs: number;
  /** Long tasks (> 50 ms) from Enter until the report is on screen and nothing runs, and the longest. */
  longTasks: number;
  longestTask: number;
  /** The same while the tape section is scrolled into view and its block view drawn. */
  tapeLongTasks: number;
  tapeLongestTask: number;
}

/**
 * Types a long chain into the steps field of a settled page (T = 40) and counts the page's long
 * tasks until its report is on screen, then while the tape section records and draws it.
 */
async function longChain(browser: Browser, url: string, steps: number): Promise<LongChain> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${url}#steps=40`);
  await ready(page);
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => w.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
  });
  const tasks = () => page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0));
  const field = page.getByLabel(/^Chain steps, typed/);
  await field.fill(String(steps));
  const t0 = Date.now();
  await field.press('Enter');
  await page.waitForFunction(
    (n) => document.querySelector('.summary')?.textContent?.includes(`P = ${2 * n}`),
    steps,
    { timeout: 120_000, polling: 50 },
  );
  const reportMs = Date.now() - t0;
  await settle(page);
  const first = await tasks();
  await openTape(page);
  const tape = await tasks();
  await context.close();
  return {
    steps,
    reportMs,
    longTasks: first.length,
    longestTask: Math.max(0, ...first),
    tapeLongTasks: tape.length,
    tapeLongestTask: Math.max(0, ...tape),
  };
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
const kb = (v: number) => `${(v / 1024).toFixed(1)} KB`;

/**
 * The links whose cold load is timed without DevTools: the default chain, two long ones, and the
 * longest with the largest schedules (one recorded step a segment; revolve with 1 and 10 stored
 * states), whose reports and timelines are the page's heaviest.
 */
const STARTUP_HASHES = [
  '',
  '#steps=20000',
  '#steps=100000',
  '#steps=100000&stride=1',
  '#steps=100000&schedule=revolve&snapshots=1',
  '#steps=100000&schedule=revolve&snapshots=10',
];
const STARTUP_REPEAT = 3;

/** One line per link: its loads' times to the first report, and their long tasks. */
function startupLines(loads: BareLoad[]): string[] {
  if (loads.length === 0) return [];
  const lines = [`startup without DevTools attached (${STARTUP_REPEAT} cold loads per link; long tasks until 6 s after the first report):`];
  for (const hash of STARTUP_HASHES) {
    const mine = loads.filter((l) => l.hash === hash);
    const times = mine.map((l) => (l.interactiveMs === null ? 'never' : `${(l.interactiveMs / 1000).toFixed(2)} s`)).join(', ');
    const tasks = mine.map((l) => `[${l.longTasks.join(', ') || 'none'}]`).join(' ');
    const over = mine.flatMap((l) => l.longTasks.map((t, i) => [t, l.kinds[i]] as const).filter(([t]) => t > 200));
    lines.push(`  ${(hash || '(default, T = 40)').padEnd(44)} first report at ${times}; long tasks (ms) ${tasks}`);
    lines.push(`  ${''.padEnd(44)} over 200 ms: ${over.length ? over.map(([t, kind]) => `${t} (${kind})`).join(', ') : 'none'}`);
  }
  return [...lines, ''];
}

function printTable(cold: ColdLoad | null, startup: BareLoad[], drags: DragResult[], chains: LongChain[]): void {
  const head = cold
    ? [
        `cold load: interactive in ${ms(cold.interactiveMs)} ms; ${cold.requests} requests, ${kb(cold.transferredBytes)} transferred;`,
        `  JavaScript ${kb(cold.jsBytes)}, ${kb(cold.jsGzipBytes)} gzipped; fonts: ${cold.fonts.join(', ') || 'none'}`,
        `  long tasks until interactive (DevTools attached, see scripts/bareLoad.ts): ${cold.longTasks.length ? cold.longTasks.map((t) => `${t} ms`).join(', ') : 'none'}`,
        '',
      ]
    : [];
  const lines = [
    ...head,
    ...startupLines(startup),
    'slider                      steps  inputs  measured   p50 ms   p95 ms   max ms  long tasks (longest ms)  main thread ran / waited ms  long tasks began at (ms into the drag)',
  ];
  for (const d of drags) {
    const main = d.main ? `${d.main.ranMs.toFixed(0)} / ${d.main.waitedMs.toFixed(0)}` : '—';
    lines.push(
      `${d.slider.padEnd(27)} ${String(d.steps).padStart(5)} ${String(d.inputs).padStart(7)} ${String(d.measured).padStart(9)} ${ms(d.p50).padStart(8)} ${ms(d.p95).padStart(8)} ${ms(d.max).padStart(8)}  ${`${d.longTasks} (${ms(d.longestTask)})`.padEnd(23)}  ${main.padEnd(27)}  ${d.longTaskStarts.join(', ')}`,
    );
  }
  if (chains.length > 0) lines.push('', 'long chain (typed)   report ms  long tasks (longest ms)  tape: long tasks (longest ms)');
  for (const c of chains) {
    lines.push(`steps ${String(c.steps).padEnd(14)} ${String(c.reportMs).padStart(9)}  ${`${c.longTasks} (${ms(c.longestTask)})`.padEnd(23)}  ${c.tapeLongTasks} (${ms(c.tapeLongestTask)})`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  if (!args.has('--no-build')) {
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const served = await serveDist();
  const browser = await launch();
  try {
    // `--only=PART` runs one part: startup (the cold loads), sliders, scrub (the tape's slider) or long (typed long chains).
    const wants = (part: 'startup' | 'sliders' | 'scrub' | 'long') => !only || only === part;
    const cold = wants('startup') ? await coldLoad(browser, served.url) : null;
    const startup = wants('startup') ? await bareLoads(STARTUP_HASHES, STARTUP_REPEAT) : [];
    const drags = wants('sliders')
      ? [...(await dragAll(browser, served.url, 40)), ...(await dragAll(browser, served.url, sliderRange('steps', 0).max))]
      : [];
    if (wants('scrub')) drags.push(await scrubTape(browser, served.url, sliderRange('steps', 0).max));
    const chains = wants('long') ? [await longChain(browser, served.url, 20_000), await longChain(browser, served.url, 100_000)] : [];
    if (args.has('--json')) {
      process.stdout.write(`${JSON.stringify({ coldLoad: cold, startup, drags, longChains: chains, inputs: INPUTS, intervalMs: INTERVAL_MS }, null, 2)}\n`);
    } else printTable(cold, startup, drags, chains);
  } finally {
    await browser.close();
    await served.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:ui: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
