/**
 * Long work in slices, written once: a computation is a generator that yields now and then (after
 * a sweep point, a timed sample, a few thousand items of a layout), and a driver runs it to its
 * end at once (`finish`: the command line, the tests, short inputs) or in slices with a pause
 * between them (`runSliced`: the lab's worker; `useSliced` on the page). The pauses are a later
 * task (`nextTask`, `afterTask`) or the page's idle time (`whenIdle`).
 *
 * Pure: no DOM, no Node APIs. MessageChannel and setTimeout exist in browsers, workers and Node;
 * requestIdleCallback and requestAnimationFrame are used only where the global scope has them.
 * The engine's stepwise runs, the workers and the app all import this module.
 */

/** A computation that yields now and then and returns its value: run at once or in slices. */
export type Slices<T, Y = void> = Generator<Y, T, void>;

/** Runs sliced work to its end in one go; `onYield` hears each yielded value (and may throw to abandon it). */
export function finish<T, Y>(work: Iterator<Y, T, void>, onYield?: (value: Y) => void): T {
  for (;;) {
    const slice = work.next();
    if (slice.done) return slice.value;
    onYield?.(slice.value);
  }
}

/** How `runSliced` paces a computation. */
export interface SlicePacing<Y> {
  /** Resolves on a later turn of the caller's event loop (a later task, the page's idle time). */
  pause: () => Promise<void>;
  /** The longest stretch of work between pauses, in milliseconds (default 8: half a frame; 0 pauses at every yield). */
  sliceMs?: number;
  /** A clock in milliseconds (default performance.now). */
  now?: () => number;
  /** Hears each yielded value, before any pause. */
  onYield?: (value: Y) => void;
  /** Asked after each yield and its pause, if one was due: throwing abandons the work. */
  check?: () => void;
}

/**
 * Runs sliced work to its end, pausing (`pace.pause`) whenever a slice of it has lasted
 * `pace.sliceMs`, so the thread reads its messages (a worker) or paints (the page) in between.
 */
export async function runSliced<T, Y>(work: Iterator<Y, T, void>, pace: SlicePacing<Y>): Promise<T> {
  const now = pace.now ?? (() => performance.now());
  const sliceMs = pace.sliceMs ?? 8;
  let sliceStart = now();
  for (;;) {
    const slice = work.next();
    if (slice.done) return slice.value;
    pace.onYield?.(slice.value);
    if (now() - sliceStart >= sliceMs) {
      await pace.pause();
      sliceStart = now();
    }
    pace.check?.();
  }
}

/**
 * Runs `then` in a task of its own, soon: a MessageChannel message, which browsers do not clamp
 * as they clamp nested timers (4 ms after five levels). One channel carries every call, in order;
 * a new channel per call cost about 1 ms of the main thread. Returns a function that cancels it.
 */
export function nextTask(then: () => void): () => void {
  if (typeof MessageChannel !== 'function') {
    const timer = setTimeout(then, 0);
    return () => clearTimeout(timer);
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  let live = true;
  waiting.push(() => {
    if (live) then();
  });
  channel.port2.postMessage(null);
  return () => {
    live = false;
  };
}

/** The calls waiting for their task, in order. */
const waiting: (() => void)[] = [];
let channel: MessageChannel | null = null;

/** Resolves in a later task of this thread's event loop (`nextTask`): a worker's pause between slices. */
export function afterTask(): Promise<void> {
  return new Promise((resolve) => void nextTask(resolve));
}

/** The idle and frame callbacks, where the global scope has them (a page; not a worker in every browser, not Node). */
interface IdleScope {
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  requestAnimationFrame?: (callback: () => void) => number;
}

/**
 * Resolves when the page's main thread is idle (requestIdleCallback), or after `timeoutMs` at
 * the latest; where there is no requestIdleCallback (Safari), after the next frame has been
 * drawn; where there are no frames, in a later task. A worker doing background work (timing the
 * methods) waits for this between pieces, so on a machine with few cores it does not take a
 * core while the page lays out and paints what the reader has just scrolled to.
 */
export function whenIdle(timeoutMs = 1000): Promise<void> {
  const scope = globalThis as IdleScope;
  return new Promise((resolve) => {
    if (typeof scope.requestIdleCallback === 'function') {
      scope.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    } else if (typeof scope.requestAnimationFrame === 'function') {
      scope.requestAnimationFrame(() => setTimeout(resolve, 0));
    } else {
      setTimeout(resolve, 0);
    }
  });
}
