import { act, type CheckpointAction } from './actions.ts';
import { revolveSplit } from './binomial.ts';

/** A part [start, end) still to reverse, with x_start in a snapshot and `snapshots` to use. */
interface Part {
  start: number;
  end: number;
  snapshots: number;
}

/**
 * The binomial (revolve) schedule for T steps with s snapshots (Griewank & Walther 2000).
 *
 * Store x_0, then reverse [0, T) by the optimal split: from the stored x_start advance m steps
 * (m from `revolveSplit`), store x_{start+m} and reverse [start+m, end) with one snapshot fewer,
 * free it, and go on with [start, start+m) and all the snapshots. A part of one step is a turn:
 * `record t`, `reverse t` from the working x_t, with no snapshot (the turn of T−1 tapes the loss
 * too). The advances add up to t(T, s) = r·T − β(s+1, r−1) (engine/checkpoint/binomial.ts), and
 * at most s snapshots are held at once, x_0's included; counts s ≥ T act as T − 1. Live states
 * peak at s + 2 at most: the snapshots, the step being turned and the working x_{t+1} after its
 * record. Every step is recorded once, so the recomputed steps are the advances.
 *
 * The parts still open form a stack at most s deep, so the generator is iterative and costs O(r)
 * per split: T = 10,000 with s = 10 is 52,578 actions, produced in milliseconds.
 */
export function* revolveActions(steps: number, snapshots: number): Generator<CheckpointAction> {
  if (!Number.isInteger(steps) || steps < 1) throw new RangeError(`steps must be a whole number ≥ 1; got ${steps}`);
  if (!Number.isInteger(snapshots) || snapshots < 1) {
    throw new RangeError(`the snapshot count must be a whole number ≥ 1; got ${snapshots}`);
  }
  const open: Part[] = [{ start: 0, end: steps, snapshots }];
  // The state the working register holds, or −1 once a reverse has consumed it.
  let working = 0;
  yield act.store(0);
  while (open.length > 0) {
    const part = open[open.length - 1];
    const { start, end } = part;
    if (end === start) {
      open.pop();
      yield act.free(start);
      continue;
    }
    if (working !== start) yield act.restore(start);
    if (end - start === 1) {
      yield act.record(start);
      yield act.reverse(start);
      working = -1;
      part.end = start;
      continue;
    }
    const mid = start + revolveSplit(end - start, part.snapshots);
    yield act.advance(start, mid);
    if (end - mid === 1) {
      yield act.record(mid);
      yield act.reverse(mid);
      working = -1;
    } else {
      yield act.store(mid);
      working = mid;
      open.push({ start: mid, end, snapshots: part.snapshots - 1 });
    }
    part.end = mid;
  }
}

/** The binomial schedule as an array (see `revolveActions`). */
export function revolveSchedule(steps: number, snapshots: number): CheckpointAction[] {
  return Array.from(revolveActions(steps, snapshots));
}
