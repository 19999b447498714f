import type { AppSettings } from '../settings/schema.ts';
import { nextTask } from '../../../engine/slicing.ts';
import { sameSettings } from '../../../engine/settings-table.ts';

/** The mark left once the first report after load is painted (see below). */
export const READY_MARK = 'lab:ready';

/**
 * Input-to-paint timing with the User Timing API, always on and cheap (a mark per slider input,
 * a measure per painted input), so the benchmark (`npm run bench:ui`), DevTools or any tool can
 * read it with `performance.getEntriesByName('lab:update')`.
 *
 * What is measured, precisely:
 * - each slider `input` event that changes the settings leaves a `lab:input` mark at the event's
 *   time stamp, with `detail: { seq, settings }`;
 * - the input's result is *painted* when the store has taken a report computed for exactly those
 *   settings (the quick core run is enough: every panel that depends on the input is then up to
 *   date; the sweep over epsilon, when it has to be recomputed, follows with its own progress),
 *   React has committed it, and the browser has painted the frame after: a requestAnimationFrame
 *   callback, then a task posted from it, which runs once that frame is on screen;
 * - then `lab:update` is measured from the input's mark to that moment, for that input and for
 *   every earlier one still waiting (inputs passed over by latest-wins are measured to the paint
 *   that replaced them). An input that leaves the settings as they were is painted at once, and
 *   is measured to the next frame.
 * - the first report painted after load leaves a `lab:ready` mark and a `lab:interactive` measure
 *   from the navigation's start: the page shows every panel and answers the sliders.
 */
export interface UpdateTiming {
  /** A slider moved; `settings` are the settings after it, `changed` whether they differ from before. */
  input(settings: AppSettings, changed: boolean, timeStamp?: number): void;
  /** The store took a report for `settings` (React commits it in this task or the next microtask). */
  painted(settings: AppSettings): void;
  /** Inputs still waiting for their paint. */
  readonly pending: number;
}

/** What the timing needs from the page; tests pass a stand-in. */
export interface TimingHost {
  performance: Pick<Performance, 'mark' | 'measure' | 'now'>;
  /** Calls `then` once the next frame has been painted. */
  afterPaint(then: () => void): void;
}

interface Waiting {
  seq: number;
  start: number;
  settings: AppSettings;
}

/** Inputs that never paint (their run failed or was cancelled) are forgotten after this many. */
const MAX_PENDING = 256;

export function createUpdateTiming(host: TimingHost): UpdateTiming {
  let seq = 0;
  let ready = false;
  let waiting: Waiting[] = [];

  function measure(covered: Waiting[]) {
    host.afterPaint(() => {
      const end = host.performance.now();
      for (const w of covered) {
        host.performance.measure('lab:update', { start: w.start, end, detail: { seq: w.seq } });
      }
    });
  }

  return {
    get pending() {
      return waiting.length;
    },
    input(settings, changed, timeStamp) {
      seq += 1;
      const start = timeStamp ?? host.performance.now();
      host.performance.mark('lab:input', { startTime: start, detail: { seq, settings } });
      const entry = { seq, start, settings };
      if (!changed) {
        measure([entry]);
        return;
      }
      waiting.push(entry);
      if (waiting.length > MAX_PENDING) waiting = waiting.slice(-MAX_PENDING);
    },
    painted(settings) {
      if (!ready) {
        ready = true;
        host.afterPaint(() => {
          host.performance.mark(READY_MARK);
          host.performance.measure('lab:interactive', { start: 0, end: host.performance.now() });
        });
      }
      let last = -1;
      for (let i = waiting.length - 1; i >= 0; i--) {
        if (sameSettings(waiting[i].settings, settings)) {
          last = i;
          break;
        }
      }
      if (last < 0) return;
      const covered = waiting.slice(0, last + 1);
      waiting = waiting.slice(last + 1);
      measure(covered);
    },
  };
}

/** After the next frame is painted: a rAF callback runs before that paint, a task posted from it after. */
function afterNextPaint(then: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(then, 0);
    return;
  }
  requestAnimationFrame(() => nextTask(then));
}

/** The page's timing (User Timing on the global `performance`). */
export const updateTiming: UpdateTiming = createUpdateTiming({ performance, afterPaint: afterNextPaint });
