import { scaleLinear } from 'd3';
import type { CheckpointAction } from '../../engine/report.ts';
import type { Frame } from './frame.ts';
import { linearTicks, type Tick } from './ticks.ts';

/**
 * Where a schedule's actions go on a time × state diagram. Time runs left to right in units of
 * one step evaluation or one reverse step; the state index t runs bottom to top. An advance or a
 * record climbs from t to its end, a reverse steps down by one, a restore jumps the working
 * register to a held state at no cost, and every held snapshot or recorded step is a bar at its
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
  /** Held snapshots and held recorded steps, as horizontal strokes. */
  snapshotPath: string;
  tapePath: string;
  /** Stores, as points. */
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

export function timelineLayout(actions: readonly CheckpointAction[], steps: number, frame: Frame): TimelineLayout {
  let duration = 0;
  for (const a of actions) duration += actionDuration(a);
  const x = scaleLinear().domain([0, Math.max(1, duration)]).range([0, frame.innerWidth]);
  const y = scaleLinear().domain([0, Math.max(1, steps)]).range([frame.innerHeight, 0]);
  const seg = (t0: number, s0: number, t1: number, s1: number) => `M${r(x(t0))},${r(y(s0))}L${r(x(t1))},${r(y(s1))}`;
  const paths = { advance: [] as string[], record: [] as string[], reverse: [] as string[], restore: [] as string[] };
  const held = { snapshot: [] as string[], tape: [] as string[] };
  const snapshotSince = new Map<number, number>();
  const tapeSince = new Map<number, number>();
  const stores: { x: number; y: number }[] = [];
  let time = 0;
  let position = 0;
  for (const a of actions) {
    switch (a.kind) {
      case 'advance':
        paths.advance.push(seg(time, a.step, time + a.to - a.step, a.to));
        time += a.to - a.step;
        position = a.to;
        break;
      case 'record':
        paths.record.push(seg(time, a.step, time + 1, a.step + 1));
        tapeSince.set(a.step, time);
        time += 1;
        position = a.step + 1;
        break;
      case 'reverse': {
        paths.reverse.push(seg(time, a.step + 1, time + 1, a.step));
        time += 1;
        const since = tapeSince.get(a.step);
        if (since !== undefined) held.tape.push(seg(since, a.step, time, a.step));
        tapeSince.delete(a.step);
        position = a.step;
        break;
      }
      case 'restore':
        if (position !== a.step) paths.restore.push(seg(time, position, time, a.step));
        position = a.step;
        break;
      case 'store':
        snapshotSince.set(a.step, time);
        stores.push({ x: r(x(time)), y: r(y(a.step)) });
        break;
      case 'free': {
        const since = snapshotSince.get(a.step);
        if (since !== undefined) held.snapshot.push(seg(since, a.step, time, a.step));
        snapshotSince.delete(a.step);
        break;
      }
    }
  }
  for (const [step, since] of snapshotSince) held.snapshot.push(seg(since, step, time, step));
  for (const [step, since] of tapeSince) held.tape.push(seg(since, step, time, step));
  return {
    duration,
    xTicks: linearTicks(x, Math.max(2, Math.floor(frame.innerWidth / 70)), String).filter((t) => Number.isInteger(t.value)),
    yTicks: linearTicks(y, Math.max(2, Math.floor(frame.innerHeight / 40)), String).filter((t) => Number.isInteger(t.value)),
    advancePath: paths.advance.join(''),
    recordPath: paths.record.join(''),
    reversePath: paths.reverse.join(''),
    restorePath: paths.restore.join(''),
    snapshotPath: held.snapshot.join(''),
    tapePath: held.tape.join(''),
    stores,
  };
}
