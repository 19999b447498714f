import { act, type CheckpointAction } from './actions.ts';
import { LOSS_TAPE_BYTES, SCALAR_MODEL, type MemoryModel, type PeakItems } from './bytes.ts';

/**
 * The periodic schedule with stride k, as `torch.utils.checkpoint.checkpoint_sequential` and
 * Chen et al. (2016, "Training deep nets with sublinear memory cost") run it: the chain is cut
 * into n = ⌈T/k⌉ segments [s, e) starting at s = 0, k, 2k, … (the last one, of L = T − (n−1)k
 * steps, may be shorter). A segment's checkpoint is its plain starting state x_s; its steps are
 * taped only on the way back, one segment at a time.
 *
 *   forward:   every segment but the last: store s, advance s → e
 *              the last segment: record s … T−1 (taped at once, as torch runs its last segment)
 *   backward:  reverse T−1 … s of the last segment; then segments last-but-one to first:
 *              restore s, record s … e−1, reverse e−1 … s, free s
 *
 * Stride T is one segment, the full tape (record 0 … T−1, reverse T−1 … 0); stride 1 stores
 * every state but the last and re-tapes one step at a time. Every step is recorded once, and
 * every step outside the last segment is also advanced once, so recomputed steps = T − L.
 * Requires 1 ≤ k ≤ T (whole numbers).
 */
export function* periodicActions(steps: number, stride: number): Generator<CheckpointAction> {
  checkPeriodic(steps, stride);
  const last = lastSegmentStart(steps, stride);
  for (let s = 0; s < last; s += stride) {
    yield act.store(s);
    yield act.advance(s, s + stride);
  }
  for (let t = last; t < steps; t++) yield act.record(t);
  for (let t = steps - 1; t >= last; t--) yield act.reverse(t);
  for (let s = last - stride; s >= 0; s -= stride) {
    const e = s + stride;
    yield act.restore(s);
    for (let t = s; t < e; t++) yield act.record(t);
    for (let t = e - 1; t >= s; t--) yield act.reverse(t);
    yield act.free(s);
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
  /** L = T − (n−1)·k, the last segment's length (k when k divides T). */
  lastSegment: number;
  /** T − L: every step outside the last segment is advanced once on the forward pass. */
  advances: number;
  /** T: every step is recorded exactly once. */
  records: number;
  /** 2T − L. */
  stepEvaluations: number;
  /** T − L. */
  recomputedSteps: number;
  /** Peak held items, n + k: see `periodicPeakStates`. */
  storedStates: number;
  /** See `periodicPeakBytes` (under the model the counts were asked for). */
  peakBytes: number;
  /** n − 1: the stored segment starts (the last segment is taped, not stored). */
  peakSnapshots: number;
  /** (2T − L + T)/T = 3 − L/T. */
  workUnits: number;
}

/**
 * Peak held items of the periodic schedule (each state or recorded step one unit), n = ⌈T/k⌉:
 *
 *   peakStates = n + k
 *
 * Re-taping segment j (0-based, j < n − 1) holds the checkpoints x_0 … x_{jk} (j + 1), the
 * segment's k tapes and the working x_e: j + k + 2, largest at j = n − 2: n + k. Taping the last
 * segment holds n − 1 checkpoints, L tapes and x_T: n + L ≤ n + k. With one segment (k = T) this
 * is the full tape's T + 1. It is smallest near k = √T (T = 36: k = 6, 12 items).
 */
export function periodicPeakStates(steps: number, stride: number): number {
  return Math.ceil(steps / stride) + stride;
}

/**
 * The items `periodicPeakStates` counts, by kind: n − 1 stored states, k recorded steps and the
 * working state (T = 36, k = 6: 5 + 6 + 1 = 12).
 */
export function periodicPeakItems(steps: number, stride: number): PeakItems {
  checkPeriodic(steps, stride);
  return { storedStates: Math.ceil(steps / stride) - 1, recordedSteps: stride, workingState: 1 };
}

/**
 * Peak bytes of the periodic schedule under a memory model (S per state, R per recorded step,
 * 120 more for step T−1's loss), n = ⌈T/k⌉, L = T − (n−1)k:
 *
 *   peakBytes = S·n + R·k + 120·[k divides T]
 *
 * The candidates are the moments of `periodicPeakStates` in bytes: re-taping the last full
 * segment before the last, S·(n−1) + R·k + S; taping the last segment, S·(n−1) + R·L + 120 + S.
 * When L = k the second is larger by 120; when L < k the first is, since R·L + 120 ≤ R·k − R + 120.
 * Scalar (S = 8, R = 640): stride 1 holds 8T + 760 (T = 36: 1,048 against the full tape's
 * 23,168), and the smallest bytes come at k ≈ √(T·S/R), below 1 for T < 80: stride 1. Wide
 * (S = R): R·(n + k) + 120·[k | T], smallest near k = √T.
 */
export function periodicPeakBytes(steps: number, stride: number, model: MemoryModel = SCALAR_MODEL): number {
  const n = Math.ceil(steps / stride);
  const divides = steps % stride === 0;
  return model.stateBytes * n + model.stepBytes * stride + (divides ? LOSS_TAPE_BYTES : 0);
}

/** Counts of the periodic schedule with stride k on T steps, in closed form. */
export function periodicCounts(steps: number, stride: number, model: MemoryModel = SCALAR_MODEL): PeriodicCounts {
  checkPeriodic(steps, stride);
  const n = Math.ceil(steps / stride);
  const last = steps - (n - 1) * stride;
  const evaluations = 2 * steps - last;
  return {
    segments: n,
    lastSegment: last,
    advances: steps - last,
    records: steps,
    stepEvaluations: evaluations,
    recomputedSteps: steps - last,
    storedStates: periodicPeakStates(steps, stride),
    peakBytes: periodicPeakBytes(steps, stride, model),
    peakSnapshots: n - 1,
    workUnits: (evaluations + steps) / steps,
  };
}

/** (n − 1)·k: where the last segment starts. */
function lastSegmentStart(steps: number, stride: number): number {
  return Math.floor((steps - 1) / stride) * stride;
}

function checkPeriodic(steps: number, stride: number): void {
  if (!Number.isInteger(steps) || steps < 1) throw new RangeError(`steps must be a whole number ≥ 1; got ${steps}`);
  if (!Number.isInteger(stride) || stride < 1 || stride > steps) {
    throw new RangeError(`the stride must be a whole number from 1 to ${steps}; got ${stride}`);
  }
}
