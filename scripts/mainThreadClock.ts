/**
 * How long the page's main thread ran over a drag, and how long it waited for a core. A long task
 * (> 50 ms) is wall time: on a machine whose cores are shared it also holds the time the thread
 * was ready but not running. Chromium runs rasterization, compilation, the engine's worker and
 * the compositor on threads of their own, and on two cores these take the main thread's core now
 * and then. Linux counts both figures per thread in /proc/<pid>/task/<tid>/schedstat (time on a
 * CPU, time waiting on a run queue, in ns); a renderer's main thread has the process's id. This
 * reads them when a drag starts and when it ends, for every renderer, and reports the renderer
 * whose main thread ran most: the page being dragged.
 *
 * Read only at the ends: polling every few ms to split each long task made the page answer worse
 * (twice the long tasks in alternating runs), as each reading woke the bench on a core the page
 * needed. `npx tsx scripts/trace-ui.ts` gives each long task's own thread time instead. Linux
 * only: elsewhere `start` returns false and the bench prints no split.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** What the main thread did over a stretch of time, ms. */
export interface ThreadTime {
  ranMs: number;
  waitedMs: number;
}

/** The process ids of Chromium's renderers. */
function renderers(): number[] {
  const ids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'latin1').includes('--type=renderer')) ids.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return ids;
}

/** A main thread's time on a CPU and on a run queue so far, ms; null once its process has ended. */
function read(pid: number): ThreadTime | null {
  try {
    const [ran, waited] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'latin1').split(' ').map(Number);
    return { ranMs: ran / 1e6, waitedMs: waited / 1e6 };
  } catch {
    return null;
  }
}

export class MainThreadClock {
  private readonly first = new Map<number, ThreadTime>();

  /** `processes`: the processes whose main threads are read (Chromium's renderers unless told). */
  constructor(private readonly processes: () => number[] = renderers) {}

  /** Reads every main thread; false where /proc has no schedstat. */
  start(): boolean {
    this.first.clear();
    for (const pid of this.processes()) {
      const time = read(pid);
      if (time) this.first.set(pid, time);
    }
    return this.first.size > 0;
  }

  /** What the busiest main thread did since `start`; null when none was read at both ends. */
  stop(): ThreadTime | null {
    let busiest: ThreadTime | null = null;
    for (const [pid, before] of this.first) {
      const after = read(pid);
      if (!after) continue;
      const time = { ranMs: after.ranMs - before.ranMs, waitedMs: after.waitedMs - before.waitedMs };
      if (!busiest || time.ranMs > busiest.ranMs) busiest = time;
    }
    return busiest;
  }
}
