// `npx tsx scripts/trace-ui.ts [--steps=40,200] [--only=steps,c] [--profile] [--repeat=N] [--no-build]`: where
// the main thread's time goes while a slider is dragged, in headless Chromium. Builds and serves
// the app like `npm run bench:ui`, drags each slider the same way (~60 mouse moves 16 ms apart)
// with a Chromium trace running, and prints, per slider, the main thread's busy time per input
// (the sum of its tasks' durations during the drag, divided by the inputs): a CPU-time figure
// that, unlike the wall-clock p95 of `bench:ui`, hardly moves when other processes share the
// machine (it sums each task's thread time, not its wall time). With `--profile` it takes a
// sampling CPU profile of the drag instead and prints the functions with the most self time and
// the components and calls with the most inclusive time (TRACE_FOCUS=name: only inside `name`;
// TRACE_ALL=1: every function; TRACE_CALLERS=name: the call paths that spend the time in `name`). Build with `npx vite build --minify false` first (and pass
// --no-build) for readable names. A diagnostic, not a test.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from 'playwright-core';
import { sliderRange } from '../app/state/settings/schema.ts';
import { launch, serveDist } from '../test/e2e/harness.ts';
import { dragThumb, sliderBox, sliderCases, type SliderCase } from './sliderDrag.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, µs: what the thread ran, not counting time it waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

/** Events of the page's renderer main thread (CrRendererMain), complete events only. */
function mainThreadEvents(events: TraceEvent[]): TraceEvent[] {
  const mains = new Set<string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain') {
      mains.add(`${e.pid}:${e.tid}`);
    }
  }
  // The busiest renderer main thread is the page's.
  const busy = new Map<string, number>();
  for (const e of events) {
    const k = `${e.pid}:${e.tid}`;
    if (mains.has(k) && e.ph === 'X' && isTask(e)) busy.set(k, (busy.get(k) ?? 0) + (e.dur ?? 0));
  }
  const page = [...busy.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return events.filter((e) => `${e.pid}:${e.tid}` === page && e.ph === 'X');
}

function isTask(e: TraceEvent): boolean {
  return e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
}

const NAMES = [
  'HandlePostMessage',
  'FunctionCall',
  'v8.callFunction',
  'EventDispatch',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'ProxyMain::BeginMainFrame',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'HitTest',
];

async function dragTraced(page: Page, cdp: CDPSession, slider: SliderCase, profile: boolean) {
  const box = await sliderBox(page, slider);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => void events.push(...(d.value as unknown as TraceEvent[])));
  if (!profile) {
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,toplevel', transferMode: 'ReportEvents' });
  }
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await dragThumb(page, box, slider);
  await page.waitForFunction(
    () => performance.getEntriesByName('lab:input').length === performance.getEntriesByName('lab:update').length,
    null,
    { timeout: 60_000, polling: 50 },
  );
  let cpu: { profile: CpuProfile } | null = null;
  if (profile) cpu = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  if (!profile) {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
  }
  const measures = await page.evaluate(() => ({
    inputs: performance.getEntriesByName('lab:input').length,
    updates: performance.getEntriesByName('lab:update').map((e) => e.duration),
  }));
  const main = mainThreadEvents(events);
  if (process.env.TRACE_DEBUG) {
    const names = new Map<string, number>();
    for (const e of events) names.set(`${e.ph} ${e.name}`, (names.get(`${e.ph} ${e.name}`) ?? 0) + 1);
    process.stdout.write(`${[...names.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${k}=${v}`).join(', ')}\n`);
    process.stdout.write(`${JSON.stringify(events.filter((e) => e.ph === 'M').slice(0, 20))}\n`);
  }
  // Top-level tasks only (a nested run loop's tasks lie inside their parent).
  const tasks: TraceEvent[] = [];
  for (const e of main.filter(isTask).sort((a, b) => a.ts - b.ts)) {
    const last = tasks[tasks.length - 1];
    if (last && e.ts < last.ts + (last.dur ?? 0)) continue;
    tasks.push(e);
  }
  const busy = tasks.reduce((s, e) => s + (e.tdur ?? e.dur ?? 0), 0) / 1000;
  // TRACE_TOP=n: also the n tasks with the most thread time, long or not.
  const top = Number(process.env.TRACE_TOP ?? 0);
  const heaviest = [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, top);
  const longTasks = [...new Set([...tasks.filter((e) => (e.dur ?? 0) > 50_000), ...heaviest])];
  const long = longTasks.filter((e) => (e.dur ?? 0) > 50_000).map((e) => (e.dur ?? 0) / 1000);
  // What each long task held: its wall and thread time, and the named events inside it.
  const anatomy = longTasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = new Map<string, number>();
    for (const e of main) {
      if (e === task || e.ts < task.ts || e.ts >= end || !NAMES.includes(e.name)) continue;
      inside.set(e.name, (inside.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const parts = [...inside.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(1)}`);
    return `${(task.dur ?? 0) > 50_000 ? 'long task' : 'task'} at ${((task.ts - tasks[0].ts) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(1)} ms wall, ${((task.tdur ?? 0) / 1000).toFixed(1)} ms thread: ${parts.join(', ')}`;
  });
  const byName: Record<string, number> = {};
  for (const e of main) if (NAMES.includes(e.name)) byName[e.name] = (byName[e.name] ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000;
  const sorted = [...measures.updates].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
  return {
    slider: slider.key,
    inputs: measures.inputs,
    busyPerInput: busy / Math.max(1, measures.inputs),
    p50: q(0.5),
    p95: q(0.95),
    long,
    byName: Object.fromEntries(Object.entries(byName).map(([k, v]) => [k, +(v / Math.max(1, measures.inputs)).toFixed(2)])),
    hot: cpu ? hotFunctions(cpu.profile) : anatomy,
  };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

function hotFunctions(profile: CpuProfile): string[] {
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  // Inclusive time per function name (each counted once per stack).
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const total = new Map<string, number>();
  const focus = process.env.TRACE_FOCUS;
  for (const [id, t] of self) {
    if (focus) {
      let inside = false;
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (byId.get(at)!.callFrame.functionName === focus) inside = true;
      if (!inside) continue;
    }
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      if (!process.env.TRACE_ALL && !/^[A-Z]/.test(f.functionName) && !['handleMessage', 'receiveReport', 'shareEqual', 'absorb', 'writeHash', 'replaceState', 'mark', 'measure', 'flushSyncWorkAcrossRoots_impl', 'performWorkOnRoot', 'commitRoot', 'renderRootSync', 'dispatchDiscreteEvent', 'set', 'setState'].includes(f.functionName)) continue;
      if (seen.has(f.functionName)) continue;
      seen.add(f.functionName);
      total.set(f.functionName, (total.get(f.functionName) ?? 0) + t);
    }
  }
  // TRACE_CALLERS=name: the call paths (three frames up) that spend the time inside `name`.
  const callersOf = process.env.TRACE_CALLERS;
  const callers = new Map<string, number>();
  if (callersOf) {
    for (const [id, t] of self) {
      const path: string[] = [];
      let found = false;
      for (let at: number | undefined = id; at !== undefined && path.length < 4; at = parent.get(at)) {
        const name = byId.get(at)!.callFrame.functionName || '(anon)';
        if (!found && name === callersOf) found = true;
        if (found) path.push(name);
      }
      if (found) callers.set(path.join(' < '), (callers.get(path.join(' < ')) ?? 0) + t);
    }
  }
  const callerLines = [...callers.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`);
  const inclusive = [...total.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${(v / 1000).toFixed(1)} ${k}`);
  const byFn = new Map<string, number>();
  for (const node of profile.nodes) {
    const t = self.get(node.id) ?? 0;
    const f = node.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const k = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    byFn.set(k, (byFn.get(k) ?? 0) + t);
  }
  return [...byFn.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([k, v]) => `${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`)
    .concat([`inclusive ms: ${inclusive.join(' | ')}`], callerLines);
}

async function main() {
  const argv = process.argv.slice(2);
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const stepsList = (arg('steps') ?? `40,${sliderRange('steps', 0).max}`).split(',').map(Number);
  const only = arg('only')?.split(',');
  const profile = argv.includes('--profile');
  const repeat = Number(arg('repeat') ?? 1);
  if (!argv.includes('--no-build')) {
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const served = await serveDist();
  const browser = await launch();
  try {
    for (const steps of stepsList) {
      for (const slider of sliderCases(steps)) {
        if (only && !only.includes(slider.key)) continue;
        for (let round = 0; round < repeat; round++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        await page.goto(`${served.url}#steps=${steps}`);
        await page.waitForFunction(() => performance.getEntriesByName('lab:interactive').length > 0, null, { timeout: 60_000 });
        await page.waitForFunction(() => !document.querySelector('.progress.on'), null, { timeout: 60_000 });
        await page.waitForTimeout(500);
        const cdp = await context.newCDPSession(page);
        const r = await dragTraced(page, cdp, slider, profile);
        process.stdout.write(
          `T=${steps} ${r.slider.padEnd(8)} inputs ${r.inputs}  main-thread CPU/input ${r.busyPerInput.toFixed(1)} ms  p50 ${r.p50?.toFixed(1)} p95 ${r.p95?.toFixed(1)}  long ${r.long.length}${r.long.length ? ` (${r.long.map((v) => v.toFixed(0)).join(',')})` : ''}\n`,
        );
        process.stdout.write(`    per input: ${JSON.stringify(r.byName)}\n`);
        for (const line of r.hot) process.stdout.write(`    ${line}\n`);
        await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await served.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`trace-ui: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
