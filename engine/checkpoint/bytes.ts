/**
 * The byte side of the accounting (engine/checkpoint/executor.ts counts it as the actions run):
 *
 *   live bytes = 8 · (plain snapshots held) + Σ_{recorded steps t held} nodes_t · BYTES_PER_NODE
 *                + 8 while the working register holds a state,
 *
 * and `peakBytes` is its peak over the run. A plain state x_t is one float (8 bytes); a recorded
 * step is its one-step tape, nodes_t = 16 nodes of 40 bytes (640), 19 for the last step (760,
 * the loss taped with it). So one kept tape costs as much as 80 snapshots, where the live-state
 * count weighs both as one.
 */
import { NODES_IN_LOSS } from '../chain.ts';
import { BYTES_PER_NODE } from '../tape.ts';
import { STEP_NODES, recordedStepNodes } from './step-tape.ts';

/** Bytes of one state x_t held as a plain float: a snapshot, or the working register. */
export const STATE_BYTES = Float64Array.BYTES_PER_ELEMENT;

/** Bytes of a recorded step t < T−1: 16 nodes × 40 = 640. */
export const STEP_TAPE_BYTES = STEP_NODES * BYTES_PER_NODE;

/** Bytes the loss ½(x_T − y)² adds to recorded step T−1: 3 nodes × 40 = 120. */
export const LOSS_TAPE_BYTES = NODES_IN_LOSS * BYTES_PER_NODE;

/** Bytes recorded step t of a T-step chain holds: nodes_t · BYTES_PER_NODE (640; 760 for t = T−1). */
export function recordedStepBytes(step: number, steps: number): number {
  return recordedStepNodes(step, steps) * BYTES_PER_NODE;
}

/**
 * Peak bytes of the full tape in the executor (periodic stride 1: record 0 … T−1, reverse
 * T−1 … 0). The peak comes after the last record, with all T one-step tapes and the working x_T:
 *
 *   fullTapeBytes(T) = T · 16 · 40 + 3 · 40 + 8 = 640·T + 128   (T = 40: 25,728).
 *
 * One-step tapes repeat the leaves x_t and c that a single tape of the whole chain shares, so
 * this is 2 nodes a step more than engine/reverse.ts's tape (2 + 14T + 3 nodes).
 */
export function fullTapeBytes(steps: number): number {
  return steps * STEP_TAPE_BYTES + LOSS_TAPE_BYTES + STATE_BYTES;
}

/**
 * Peak bytes of the binomial schedule with s snapshots (engine/checkpoint/revolve.ts), with
 * u = max(1, min(s, T − 1)) the snapshots it can use:
 *
 *   peakBytes = 8·u + 760 + 8 = 8·u + 768   (T = 40: s = 3 → 792, s = 10 → 848),
 *
 * its u snapshots, the step it is turning (at most step T−1's 760 bytes) and the working x_{t+1}
 * after that step's record. The bound is reached at the first turn, which is step T−1: the
 * first descent from [0, T) stores x_mid at every split until it has used all u snapshots
 * (a part of l steps and p ≥ 2 snapshots with r(l, p) ≥ 2 leaves l − m ≥ β(p − 1, r − 1) ≥ 2
 * steps to its right, so x_mid is stored; with r = 1 it stores every state but the last).
 * Later turns hold 640-byte tapes, and stores hold no tape.
 */
export function revolvePeakBytes(steps: number, snapshots: number): number {
  const u = Math.max(1, Math.min(snapshots, steps - 1));
  return u * STATE_BYTES + STEP_TAPE_BYTES + LOSS_TAPE_BYTES + STATE_BYTES;
}
