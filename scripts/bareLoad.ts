// Cold loads of the built app in a Chromium that has no DevTools protocol attached, for
// `npm run bench:ui`'s startup figures. Playwright drives the browser through DevTools, and with
// DevTools attached V8 records a detailed stack for every Error object created: React creates
// three while its module is evaluated, and recording them re-parses the two enclosing module
// functions, adding 85–110 ms of the main thread to the first script's task. No reader's browser
// pays that, so the startup's long tasks are measured here instead: the page itself observes
// them (a script this server adds to index.html) and posts them back.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, chromiumPath, serveDist } from '../test/e2e/harness.ts';

/** One cold load: when its first report was painted, and the main thread's long tasks until shortly after. */
export interface BareLoad {
  hash: string;
  /** Navigation start to the first report's paint (`lab:interactive`), ms; null if it never came. */
  interactiveMs: number | null;
  /** Every long task (> 50 ms) from navigation until `AFTER_MS` after that paint, ms each. */
  longTasks: number[];
  /**
   * What each long task spent most of its time on, from the browser's long-animation-frame
   * entries: the script that ran longest in it (`module-script`, `MessagePort.onmessage` for
   * React's scheduler, `Worker.onmessage` for a report) or `style and layout` when scripts
   * took less than half of it.
   */
  kinds: string[];
}

/**
 * How long after the first report's paint the long tasks are still counted: at 100,000 steps the
 * page goes on drawing (the tape, the schedule's timeline) for a few seconds after the first report.
 */
const AFTER_MS = 6000;
/** A load that has not reported by then is given up. */
const LOAD_TIMEOUT_MS = 90_000;

const PROBE = `
(() => {
  const tasks = [];
  const frames = [];
  new PerformanceObserver((list) => tasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
  try {
    new PerformanceObserver((list) => frames.push(...list.getEntries())).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  const kindOf = (task) => {
    const end = task.startTime + task.duration;
    let best = null;
    let scripted = 0;
    for (const frame of frames) {
      for (const script of frame.scripts || []) {
        if (script.startTime < task.startTime - 1 || script.startTime > end) continue;
        scripted += script.duration;
        if (!best || script.duration > best.duration) best = script;
      }
    }
    if (!best || scripted < task.duration / 2) return 'style and layout';
    return best.invokerType === 'module-script' ? 'module-script' : String(best.invoker).replace(/^.*?(\w+\.on\w+)$/, '$1');
  };
  const started = performance.now();
  const poll = setInterval(() => {
    const done = performance.getEntriesByName('lab:interactive')[0];
    const late = performance.now() - started > ${LOAD_TIMEOUT_MS - 5000};
    if (!done && !late) return;
    clearInterval(poll);
    setTimeout(() => {
      const end = done ? done.duration + ${AFTER_MS} : Infinity;
      const body = JSON.stringify({
        interactiveMs: done ? done.duration : null,
        longTasks: tasks.filter((t) => t.startTime <= end).map((t) => Math.round(t.duration)),
        kinds: tasks.filter((t) => t.startTime <= end).map(kindOf),
      });
      fetch('./bench-report', { method: 'POST', body });
    }, done ? ${AFTER_MS} : 0);
  }, 100);
})();
`;

/**
 * The built app as scripts/serve.mjs serves it (the same files, types and headers), passed through
 * a server of this script's own that adds the probe to the page and hears each load's post.
 */
async function serve(onReport: (body: string) => void): Promise<{ origin: string; stop: () => Promise<void> }> {
  const app = await serveDist();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/bench-report') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.end();
        onReport(body);
      });
      return;
    }
    if (url.pathname === '/bench-probe.js') {
      res.setHeader('content-type', 'text/javascript; charset=utf-8');
      res.end(PROBE);
      return;
    }
    void (async () => {
      const answer = await fetch(new URL(url.pathname + url.search, app.origin));
      const page = url.pathname === '/' || url.pathname.endsWith('/index.html');
      const body = page
        ? (await answer.text()).replace('<head>', '<head><script src="./bench-probe.js"></script>')
        : Buffer.from(await answer.arrayBuffer());
      const headers = Object.fromEntries([...answer.headers].filter(([name]) => name !== 'content-length' && name !== 'content-encoding'));
      res.writeHead(answer.status, headers).end(body);
    })().catch(() => res.writeHead(502).end());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        stop: async () => {
          server.close();
          await app.stop();
        },
      });
    }),
  );
}

/** `repeat` cold loads of each hash, one fresh browser and profile each, one after another. */
export async function bareLoads(hashes: string[], repeat: number): Promise<BareLoad[]> {
  let heard: ((body: string) => void) | null = null;
  const { origin, stop } = await serve((body) => heard?.(body));
  const loads: BareLoad[] = [];
  try {
    for (const hash of hashes) {
      for (let i = 0; i < repeat; i++) {
        const profile = mkdtempSync(join(tmpdir(), 'tape-lab-bare-'));
        const browser = spawn(
          chromiumPath(),
          [
            ...CHROMIUM_ARGS,
            '--headless',
            // As Playwright runs it: a headless window is never treated as hidden or throttled.
            '--disable-renderer-backgrounding',
            '--disable-background-timer-throttling',
            '--disable-backgrounding-occluded-windows',
            '--window-size=1280,900',
            `--user-data-dir=${profile}`,
            `${origin}/${hash}`,
          ],
          // A group of its own, so that its renderers and helpers are stopped with it.
          { stdio: 'ignore', detached: true },
        );
        try {
          const body = await new Promise<string | null>((resolve) => {
            const timer = setTimeout(() => resolve(null), LOAD_TIMEOUT_MS);
            heard = (b) => {
              clearTimeout(timer);
              resolve(b);
            };
          });
          const got = body ? (JSON.parse(body) as Omit<BareLoad, 'hash'>) : { interactiveMs: null, longTasks: [], kinds: [] };
          loads.push({ hash, ...got });
        } finally {
          heard = null;
          if (browser.exitCode === null && browser.signalCode === null && browser.pid !== undefined) {
            const exited = new Promise((r) => browser.once('exit', r));
            process.kill(-browser.pid, 'SIGKILL');
            await exited;
          }
          rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
        }
      }
    }
  } finally {
    await stop();
  }
  return loads;
}
