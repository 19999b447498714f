/**
 * How long the page's main thread ran, and how long it waited for a core, over any stretch of a
 * drag. A long task (> 50 ms) is wall time: on a machine whose cores are shared it also holds the
 * time the thread was ready but not running. Chromium runs rasterization, compilation, the
 * engine's worker and the compositor on threads of their own, and on two cores these take the
 * main thread's core now and then. Linux counts both figures per thread in
 * /proc/<pid>/task/<tid>/schedstat (time on a CPU, time waiting on a run queue, in ns); this
 * samples them every few ms for every renderer's main thread (a renderer's main thread has the
 * process's id), so a long task's window can be split into what ran and what waited.
 *
 * Linux only: elsewhere `start` returns false and the bench prints no split. The readings are a
 * few ms apart and a running thread's count may lag a scheduler tick, so each figure is good to
 * about 5 ms.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** Time since the epoch, ms, on the same clock as a page's `performance.timeOrigin + startTime`. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/** What the main thread did over a stretch of time, ms. */
export interface ThreadTime {
  ranMs: number;
  waitedMs: number;
}

interface Reading {
  at: number;
  ran: number;
  waited: number;
}

const SAMPLE_MS = 4;

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

/** The main thread's time on a CPU and on a run queue, ms; null once the process has ended. */
function read(pid: number): { ran: number; waited: number } | null {
  try {
    const [ran, waited] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'latin1').split(' ').map(Number);
    return { ran: ran / 1e6, waited: waited / 1e6 };
  } catch {
    return null;
  }
}

export class MainThreadClock {
  private readonly readings = new Map<number, Reading[]>();
  private timer: ReturnType<typeof setInterval> | null = null;

  /** `processes`: the processes whose main threads are sampled (Chromium's renderers unless told). */
  constructor(private readonly processes: () => number[] = renderers) {}

  /** Starts sampling the main threads; false where /proc has no schedstat. */
  start(): boolean {
    this.readings.clear();
    const pids = this.processes();
    if (pids.length === 0 || read(pids[0]) === null) return false;
    for (const pid of pids) this.readings.set(pid, []);
    const sample = () => {
      const at = epochNow();
      for (const [pid, list] of this.readings) {
        const r = read(pid);
        if (r) list.push({ at, ...r });
      }
    };
    sample();
    this.timer = setInterval(sample, SAMPLE_MS);
    return true;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * The split of [from, to] (epoch ms) for the renderer whose main thread ran most while sampled:
   * the page being dragged. Null when nothing was sampled over that stretch.
   */
  between(from: number, to: number): ThreadTime | null {
    const list = this.busiest();
    if (!list || list.length < 2 || to < list[0].at || from > list[list.length - 1].at) return null;
    const a = at(list, from);
    const b = at(list, to);
    return { ranMs: b.ran - a.ran, waitedMs: b.waited - a.waited };
  }

  private busiest(): Reading[] | undefined {
    let best: Reading[] | undefined;
    let most = -1;
    for (const list of this.readings.values()) {
      if (list.length < 2) continue;
      const ran = list[list.length - 1].ran - list[0].ran;
      if (ran > most) {
        most = ran;
        best = list;
      }
    }
    return best;
  }
}

/** The counts at time t, straight between the readings either side of it (clamped to the ends). */
function at(list: Reading[], t: number): { ran: number; waited: number } {
  if (t <= list[0].at) return list[0];
  const last = list[list.length - 1];
  if (t >= last.at) return last;
  let i = 1;
  while (list[i].at < t) i++;
  const p = list[i - 1];
  const q = list[i];
  const f = (t - p.at) / (q.at - p.at);
  return { ran: p.ran + f * (q.ran - p.ran), waited: p.waited + f * (q.waited - p.waited) };
}
