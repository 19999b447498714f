import { scaleLinear } from 'd3';
import type { CheckpointAction } from '../../../engine/report.ts';
import type { Frame } from '../../ui/charts/frame.ts';
import { finish, type Slices } from '../../state/perf/slices.ts';
import { PixelSet, worthThinning } from '../../ui/charts/pathMarks.ts';
import { linearTicks, type Tick } from '../../ui/charts/ticks.ts';

/**
 * Where a schedule's actions go on a time × state diagram. Time runs left to right in units of
 * one step evaluation or one reverse step; the state index t runs bottom to top. An advance or a
 * record climbs from t to its end, a reverse steps down by one, a restore jumps the working
 * register to a stored state at no cost, and every stored state (checkpoint) or recorded step is a bar at its
 * state for as long as it is held: the number of bars crossing a vertical line is the memory
 * in use at that moment.
 */
export interface TimelineLayout {
  /** Total time: step evaluations plus reverse steps. */
  duration: number;
  xTicks: Tick[];
  yTicks: Tick[];
  /** One path per kind of motion (M/L pairs). */
  advancePath: string;
  recordPath: string;
  reversePath: string;
  /** Dashed jumps of the working register on restore. */
  restorePath: string;
  /** Stored states (checkpoints) and recorded steps while held, as horizontal strokes. */
  statePath: string;
  tapePath: string;
  /** Stores, as points (one per pixel). */
  stores: { x: number; y: number }[];
}

/** How much time an action takes on the diagram. */
export function actionDuration(action: CheckpointAction): number {
  switch (action.kind) {
    case 'advance':
      return action.to - action.step;
    case 'record':
    case 'reverse':
      return 1;
    default:
      return 0;
  }
}

const r = (v: number) => Math.round(v * 10) / 10;

/**
 * Segments drawn as one path, joined into polylines where one starts at the end of the last, and
 * thinned to vertices at least half a pixel apart (the last vertex of a run is always kept). A
 * 100,000-step schedule has hundreds of thousands of moves on a chart a few hundred pixels wide;
 * drawn this way its path holds about as many vertices as the chart has pixels along the way.
 */
class Polyline {
  private d = '';
  private penX = NaN;
  private penY = NaN;
  private drawnX = NaN;
  private drawnY = NaN;

  segment(x1: number, y1: number, x2: number, y2: number): void {
    // A segment that starts where the pen is (or within half a pixel of it, which cannot be
    // seen) continues the polyline; any other starts a new one. (NaN: nothing drawn yet.)
    if (!(Math.abs(x1 - this.penX) < 0.5 && Math.abs(y1 - this.penY) < 0.5)) {
      this.finish();
      this.d += `M${r(x1)},${r(y1)}`;
      this.drawnX = x1;
      this.drawnY = y1;
    }
    this.penX = x2;
    this.penY = y2;
    if (!(Math.abs(x2 - this.drawnX) < 0.5 && Math.abs(y2 - this.drawnY) < 0.5)) this.draw();
  }

  private draw(): void {
    this.d += `L${r(this.penX)},${r(this.penY)}`;
    this.drawnX = this.penX;
    this.drawnY = this.penY;
  }

  /** Ends the run in progress at its last point. */
  finish(): void {
    if (!Number.isNaN(this.penX) && (this.penX !== this.drawnX || this.penY !== this.drawnY)) this.draw();
  }

  path(): string {
    this.finish();
    return this.d;
  }
}

/**
 * Horizontal strokes (a state held from one time to another), merged where they overlap on the
 * same half-pixel row: thousands of stored states held at once fit in a few hundred rows. The
 * strokes are kept as numbers (row, first and last half-pixel column); `path` sorts them by row
 * and runs each row through one difference array (+1 where a stroke starts, −1 after it ends),
 * drawing the runs where the count is above zero. Memory is the strokes plus one row, however
 * tall the chart: this is laid out again on every input of a steps or stride drag.
 */
class HeldRows {
  private readonly rowOf: number[] = [];
  private readonly first: number[] = [];
  private readonly last: number[] = [];
  /** Half-pixel columns across the chart, and rows down it. */
  private readonly columns: number;
  private readonly rows: number;

  constructor(width: number, height: number) {
    this.columns = Math.max(1, Math.ceil(2 * width)) + 1;
    this.rows = Math.max(1, Math.ceil(2 * height)) + 1;
  }

  add(x1: number, x2: number, y: number): void {
    const end = this.columns - 1;
    this.rowOf.push(Math.min(this.rows - 1, Math.max(0, Math.round(y * 2))));
    this.first.push(Math.min(end, Math.max(0, Math.round(Math.min(x1, x2) * 2))));
    this.last.push(Math.min(end, Math.max(0, Math.round(Math.max(x1, x2) * 2))));
  }

  path(): string {
    const n = this.rowOf.length;
    // The strokes in row order (a counting sort: rows are few).
    const start = new Int32Array(this.rows + 1);
    for (let i = 0; i < n; i++) start[this.rowOf[i] + 1] += 1;
    for (let row = 0; row < this.rows; row++) start[row + 1] += start[row];
    const order = new Int32Array(n);
    const fill = start.slice(0, this.rows);
    for (let i = 0; i < n; i++) order[fill[this.rowOf[i]]++] = i;
    const counts = new Int32Array(this.columns + 1);
    let d = '';
    for (let row = 0; row < this.rows; row++) {
      if (start[row] === start[row + 1]) continue;
      let lo = this.columns;
      let hi = 0;
      for (let k = start[row]; k < start[row + 1]; k++) {
        const i = order[k];
        counts[this.first[i]] += 1;
        counts[this.last[i] + 1] -= 1;
        lo = Math.min(lo, this.first[i]);
        hi = Math.max(hi, this.last[i] + 1);
      }
      const y = row / 2;
      let depth = 0;
      let from = -1;
      for (let c = lo; c <= hi; c++) {
        depth += counts[c];
        counts[c] = 0;
        if (depth > 0 && from < 0) from = c;
        else if (depth <= 0 && from >= 0) {
          d += `M${r(from / 2)},${y}L${r((c - 1) / 2)},${y}`;
          from = -1;
        }
      }
    }
    return d;
  }
}

export function timelineLayout(actions: readonly CheckpointAction[], steps: number, frame: Frame): TimelineLayout {
  return finish(timelineLayoutSlices(actions, steps, frame));
}

/** Actions laid out between two yields of timelineLayoutSlices. */
const ACTIONS_PER_SLICE = 16_384;

/** `timelineLayout`, yielding every ACTIONS_PER_SLICE actions (app/state/perf/useSliced.ts). */
export function* timelineLayoutSlices(actions: readonly CheckpointAction[], steps: number, frame: Frame): Slices<TimelineLayout> {
  let duration = 0;
  for (const a of actions) duration += actionDuration(a);
  const xScale = scaleLinear().domain([0, Math.max(1, duration)]).range([0, frame.innerWidth]);
  const yScale = scaleLinear().domain([0, Math.max(1, steps)]).range([frame.innerHeight, 0]);
  // The same maps written out: they run once or twice per action, hundreds of thousands of times.
  const kx = frame.innerWidth / Math.max(1, duration);
  const ky = frame.innerHeight / Math.max(1, steps);
  const x = (t: number) => t * kx;
  const y = (s: number) => frame.innerHeight - s * ky;
  const paths = { advance: new Polyline(), record: new Polyline(), reverse: new Polyline(), restore: new Polyline() };
  const held = { state: new HeldRows(frame.innerWidth, frame.innerHeight), tape: new HeldRows(frame.innerWidth, frame.innerHeight) };
  const move = (line: Polyline, t0: number, s0: number, t1: number, s1: number) => line.segment(x(t0), y(s0), x(t1), y(s1));
  // When each stored state, and each step's recording, started to be held (NaN: not held).
  const storedSince = new Float64Array(steps + 1).fill(NaN);
  const tapeSince = new Float64Array(steps + 1).fill(NaN);
  const stores: { x: number; y: number }[] = [];
  const storePixels = worthThinning(steps, frame.innerWidth) ? new PixelSet(frame.innerWidth, frame.innerHeight) : null;
  let time = 0;
  let position = 0;
  for (let i = 0; i < actions.length; i++) {
    if (i % ACTIONS_PER_SLICE === ACTIONS_PER_SLICE - 1) yield;
    const a = actions[i];
    switch (a.kind) {
      case 'advance':
        move(paths.advance, time, a.step, time + a.to - a.step, a.to);
        time += a.to - a.step;
        position = a.to;
        break;
      case 'record':
        move(paths.record, time, a.step, time + 1, a.step + 1);
        tapeSince[a.step] = time;
        time += 1;
        position = a.step + 1;
        break;
      case 'reverse': {
        move(paths.reverse, time, a.step + 1, time + 1, a.step);
        time += 1;
        const since = tapeSince[a.step];
        if (!Number.isNaN(since)) held.tape.add(x(since), x(time), y(a.step));
        tapeSince[a.step] = NaN;
        position = a.step;
        break;
      }
      case 'restore':
        if (position !== a.step) move(paths.restore, time, position, time, a.step);
        position = a.step;
        break;
      case 'store': {
        storedSince[a.step] = time;
        // One point per pixel: a second store on the same pixel cannot be seen.
        const sx = x(time);
        const sy = y(a.step);
        if (!storePixels || storePixels.claim(sx, sy)) stores.push({ x: r(sx), y: r(sy) });
        break;
      }
      case 'free': {
        const since = storedSince[a.step];
        if (!Number.isNaN(since)) held.state.add(x(since), x(time), y(a.step));
        storedSince[a.step] = NaN;
        break;
      }
    }
  }
  for (let step = 0; step <= steps; step++) {
    if (!Number.isNaN(storedSince[step])) held.state.add(x(storedSince[step]), x(time), y(step));
    if (!Number.isNaN(tapeSince[step])) held.tape.add(x(tapeSince[step]), x(time), y(step));
  }
  return {
    duration,
    xTicks: linearTicks(xScale, Math.max(2, Math.floor(frame.innerWidth / 70)), String).filter((t) => Number.isInteger(t.value)),
    yTicks: linearTicks(yScale, Math.max(2, Math.floor(frame.innerHeight / 40)), String).filter((t) => Number.isInteger(t.value)),
    advancePath: paths.advance.path(),
    recordPath: paths.record.path(),
    reversePath: paths.reverse.path(),
    restorePath: paths.restore.path(),
    statePath: held.state.path(),
    tapePath: held.tape.path(),
    stores,
  };
}
