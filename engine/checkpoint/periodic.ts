import { act, type CheckpointAction } from './actions.ts';
import { LOSS_TAPE_BYTES, STATE_BYTES, STEP_TAPE_BYTES } from './bytes.ts';

/**
 * The periodic schedule with stride k: the chain is cut into segments [s, e) starting at
 * s = 0, k, 2k, … (the last one may be shorter), and the stored unit of a segment is the tape
 * of its first step.
 *
 *   forward:   for each segment: record s, advance s+1 → e           (working register ends at x_T)
 *   backward:  segments last to first: restore s+1 (the output of recorded step s),
 *              record s+1 … e−1, reverse e−1 … s
 *
 * Stride 1 is the full tape: record 0 … T−1, reverse T−1 … 0. Requires 1 ≤ k ≤ T (whole numbers).
 */
export function* periodicActions(steps: number, stride: number): Generator<CheckpointAction> {
  checkPeriodic(steps, stride);
  for (let s = 0; s < steps; s += stride) {
    const e = Math.min(s + stride, steps);
    yield act.record(s);
    if (e > s + 1) yield act.advance(s + 1, e);
  }
  for (let s = lastSegmentStart(steps, stride); s >= 0; s -= stride) {
    const e = Math.min(s + stride, steps);
    if (e > s + 1) {
      yield act.restore(s + 1);
      for (let t = s + 1; t < e; t++) yield act.record(t);
    }
    for (let t = e - 1; t >= s; t--) yield act.reverse(t);
  }
}

/** The periodic schedule as an array (see `periodicActions`). */
export function periodicSchedule(steps: number, stride: number): CheckpointAction[] {
  return Array.from(periodicActions(steps, stride));
}

/** Counts of the periodic schedule, in closed form (the tests check them against the executor). */
export interface PeriodicCounts {
  /** n = ⌈T/k⌉ segments. */
  segments: number;
  /** Length of the last segment, T − (n−1)·k (equal to k when k divides T). */
  lastSegment: number;
  /** T − n: the forward pass advances every step that does not start a segment. */
  advances: number;
  /** T: every step is recorded exactly once (segment starts forward, interiors backward). */
  records: number;
  /** 2T − n. */
  stepEvaluations: number;
  /** T − ⌈T/k⌉. */
  recomputedSteps: number;
  /** n + max(k − 1, lastSegment): see `periodicStoredStates`. */
  storedStates: number;
  /** See `periodicPeakBytes`. */
  peakBytes: number;
  /** 0: the stored units are recorded first steps, not plain snapshots. */
  peakSnapshots: number;
  /** (2T − n + T)/T = 3 − n/T. */
  workUnits: number;
}

/**
 * Peak live states of the periodic schedule, n = ⌈T/k⌉, L = T − (n−1)k the last segment:
 *
 *   storedStates = n + max(k − 1, L)
 *
 * While the backward pass has just replayed segment j (0-based), it holds the first-step tapes
 * of segments 0 … j, the segment's L_j − 1 interior tapes and the working x_e: j + 1 + L_j.
 * The last segment gives n + L; the last full one, n − 1 + k; the end of the forward pass only
 * n + 1. So when k divides T the peak is n + k = ⌈T/k⌉ + (k − 1) + 1, and otherwise it is one
 * less than that: the longest segment is replayed after the last segment's tape has been dropped.
 * (T = 40, k = 4: 14. Stride 1: T + 1.)
 */
export function periodicStoredStates(steps: number, stride: number): number {
  const n = Math.ceil(steps / stride);
  const last = steps - (n - 1) * stride;
  return n + Math.max(stride - 1, last);
}

/**
 * Peak bytes of the periodic schedule, n = ⌈T/k⌉, L = T − (n−1)k, with a recorded step
 * holding B = 16·40 = 640 bytes (B + 120 for step T−1, which tapes the loss) and 8 for the
 * working state. Every tape the schedule holds is a recorded step, so the candidates are the
 * moments of `periodicStoredStates` in bytes:
 *
 *   peakBytes = max( B·(n + k − 2) + 8,   B·(n + L − 1) + 120 + 8 )
 *
 * the first after replaying the last full segment (n − 1 first-step tapes, k − 1 interior ones,
 * the working x_e), the second after replaying the last segment (the n + L − 1 tapes include step
 * T−1's). The end of the forward pass, B·n + 8 (+ 120 if L = 1), never exceeds the second.
 * The second wins when L ≥ k − 1 (so whenever k divides T), the first when L < k − 1.
 * (T = 40, k = 4: 8,448; k = 6: 7,048. Stride 1: 640·T + 128, the full tape's.)
 */
export function periodicPeakBytes(steps: number, stride: number): number {
  const n = Math.ceil(steps / stride);
  const last = steps - (n - 1) * stride;
  const lastFull = n > 1 ? STEP_TAPE_BYTES * (n + stride - 2) + STATE_BYTES : 0;
  return Math.max(lastFull, STEP_TAPE_BYTES * (n + last - 1) + LOSS_TAPE_BYTES + STATE_BYTES);
}

/** Counts of the periodic schedule with stride k on T steps, in closed form. */
export function periodicCounts(steps: number, stride: number): PeriodicCounts {
  checkPeriodic(steps, stride);
  const n = Math.ceil(steps / stride);
  const evaluations = 2 * steps - n;
  return {
    segments: n,
    lastSegment: steps - (n - 1) * stride,
    advances: steps - n,
    records: steps,
    stepEvaluations: evaluations,
    recomputedSteps: steps - n,
    storedStates: periodicStoredStates(steps, stride),
    peakBytes: periodicPeakBytes(steps, stride),
    peakSnapshots: 0,
    workUnits: (evaluations + steps) / steps,
  };
}

function lastSegmentStart(steps: number, stride: number): number {
  return Math.floor((steps - 1) / stride) * stride;
}

function checkPeriodic(steps: number, stride: number): void {
  if (!Number.isInteger(steps) || steps < 1) throw new RangeError(`steps must be a whole number ≥ 1; got ${steps}`);
  if (!Number.isInteger(stride) || stride < 1 || stride > steps) {
    throw new RangeError(`the stride must be a whole number from 1 to ${steps}; got ${stride}`);
  }
}
