/**
 * The one memory model every schedule, figure and report uses (engine/checkpoint/executor.ts
 * counts it as the actions run):
 *
 * - a checkpoint is a stored state x_t: S bytes (8 on this scalar chain, one float);
 * - a recorded step is that step's tape: R bytes (16 nodes × 40 = 640; 760 for the last step,
 *   which tapes the loss ½(x_T − y)² with it: 3 nodes more);
 * - the working register, while it holds a state, costs S like a checkpoint.
 *
 *   live bytes = S · (checkpoints held) + Σ_{recorded steps t held} nodes_t · 40 + S (working state)
 *
 * and `peakBytes` is its peak over the run. Memory is reported two ways: in held items (each
 * state or recorded step one unit, the textbook count: the periodic schedule's best stride is
 * ≈ √T) and in bytes (best stride ≈ √(T·S/R): on this chain R = 80·S, so the leanest periodic
 * schedule stores every state and re-tapes one step at a time). The "wide" state makes a
 * checkpoint as large as a step's tape (S = R = 640), as a network's activations are, and the
 * byte-optimal stride moves to √T. The width is a model of memory only: the arithmetic, the
 * gradient and every count but the bytes are the same.
 */
import { NODES_IN_LOSS, NODES_PER_STEP } from '../chain.ts';
import { BYTES_PER_NODE } from '../tape.ts';
import { STEP_NODES, recordedStepNodes } from './step-tape.ts';

/** S of the scalar chain: bytes of one state x_t held as a plain float (a checkpoint, or the working register). */
export const STATE_BYTES = Float64Array.BYTES_PER_ELEMENT;

/** R: bytes of a recorded step t < T−1, 16 nodes × 40 = 640. */
export const STEP_TAPE_BYTES = STEP_NODES * BYTES_PER_NODE;

/** Bytes the loss ½(x_T − y)² adds to recorded step T−1: 3 nodes × 40 = 120. */
export const LOSS_TAPE_BYTES = NODES_IN_LOSS * BYTES_PER_NODE;

/** How large a stored state is: one float ('scalar', S = 8) or as large as a step's tape ('wide', S = R = 640). */
export type StateWidth = 'scalar' | 'wide';

/** S and R of one memory model, in bytes. */
export interface MemoryModel {
  width: StateWidth;
  /** S: bytes of one stored state (a checkpoint, or the working register while it holds one). */
  stateBytes: number;
  /** R: bytes of a recorded step t < T−1 (the last one holds LOSS_TAPE_BYTES more). */
  stepBytes: number;
}

/** The memory model of a state width: S = 8 ('scalar') or S = R = 640 ('wide'); R = 640 either way. */
export function memoryModel(width: StateWidth = 'scalar'): MemoryModel {
  return { width, stateBytes: width === 'wide' ? STEP_TAPE_BYTES : STATE_BYTES, stepBytes: STEP_TAPE_BYTES };
}

/** The scalar chain's model, S = 8, R = 640: the default everywhere. */
export const SCALAR_MODEL: Readonly<MemoryModel> = Object.freeze(memoryModel('scalar'));

/** Bytes recorded step t of a T-step chain holds: nodes_t · BYTES_PER_NODE (640; 760 for t = T−1). */
export function recordedStepBytes(step: number, steps: number): number {
  return recordedStepNodes(step, steps) * BYTES_PER_NODE;
}

/**
 * Peak bytes of the full tape (record 0 … T−1, reverse T−1 … 0: the periodic schedule with
 * stride T). The peak comes after the last record, with all T one-step tapes and the working x_T:
 *
 *   fullTapeBytes(T) = R·T + 120 + S   (scalar: 640·T + 128, 25,728 at T = 40).
 *
 * One-step tapes repeat the leaves x_t and c that a single tape of the whole chain shares, so
 * this is 2 nodes a step more than engine/reverse.ts's tape (2 + 14T + 3 nodes).
 */
export function fullTapeBytes(steps: number, model: MemoryModel = SCALAR_MODEL): number {
  return steps * model.stepBytes + LOSS_TAPE_BYTES + model.stateBytes;
}

/**
 * Peak bytes of the binomial schedule with s snapshots (engine/checkpoint/revolve.ts), with
 * u = max(1, min(s, T − 1)) the snapshots it can use:
 *
 *   peakBytes = S·u + 760 + S   (scalar, T = 40: s = 3 → 792, s = 10 → 848),
 *
 * its u snapshots, the step it is turning (at most step T−1's 760 bytes) and the working x_{t+1}
 * after that step's record. The bound is reached at the first turn, which is step T−1: the
 * first descent from [0, T) stores x_mid at every split until it has used all u snapshots
 * (a part of l steps and p ≥ 2 snapshots with r(l, p) ≥ 2 leaves l − m ≥ β(p − 1, r − 1) ≥ 2
 * steps to its right, so x_mid is stored; with r = 1 it stores every state but the last).
 * Later turns hold 640-byte tapes, and stores hold no tape.
 */
export function revolvePeakBytes(steps: number, snapshots: number, model: MemoryModel = SCALAR_MODEL): number {
  const u = Math.max(1, Math.min(snapshots, steps - 1));
  return u * model.stateBytes + model.stepBytes + LOSS_TAPE_BYTES + model.stateBytes;
}

/**
 * Peak held items of the binomial schedule: u + 2 with u = max(1, min(s, T − 1)), its snapshots,
 * the step it is turning and the working x_{t+1} (at the first turn, as for the bytes).
 */
export function revolvePeakStates(steps: number, snapshots: number): number {
  return Math.max(1, Math.min(snapshots, steps - 1)) + 2;
}

/** Held items by kind, at a schedule's peak: its stored states, its recorded steps and the working state. */
export interface PeakItems {
  /** Stored states (snapshots, checkpoints). */
  storedStates: number;
  /** Recorded steps: steps taped on their own, waiting for the sweep. */
  recordedSteps: number;
  /** The working state: 1 while the working register holds a state, else 0. */
  workingState: number;
}

/** The items `revolvePeakStates` counts, by kind: u stored states, the recorded step it is turning, the working state. */
export function revolvePeakItems(steps: number, snapshots: number): PeakItems {
  return { storedStates: Math.max(1, Math.min(snapshots, steps - 1)), recordedSteps: 1, workingState: 1 };
}

/**
 * The memory model's parts at T steps, each named once, for every screen and command that
 * counts items or bytes (a test reads each of them against this):
 *
 * - the tape: plain reverse mode's one tape of the whole chain. Its parts: the shared leaves
 *   x_0 and c (2 nodes), per step the leaves a_t and b_t and the step's 12 primitives
 *   (14 nodes), and the loss ½(x_T − y)² (3 nodes): 2 + 14T + 3 nodes of 40 bytes
 *   (565 nodes, 22,600 B at T = 40);
 * - a stored state (a snapshot, or checkpoint): S bytes;
 * - a recorded step: step t taped on its own, as a checkpoint schedule re-tapes it, with its own
 *   copies of x_t and c: 16 nodes, R = 640 bytes (760 for step T−1, with the loss);
 * - the working state: the one state being advanced, S bytes while it holds one;
 * - every step recorded: what a schedule holds with no checkpoint (stride T), T recorded steps
 *   and the working x_T: T + 1 items, R·T + 120 + S bytes (25,728 B at T = 40). It is above the
 *   tape because each recorded step repeats the leaves x_t and c the tape shares.
 */
export interface MemoryParts {
  steps: number;
  /** Bytes of one tape node (its value, local partials, parents and adjoint): 40. */
  nodeBytes: number;
  tape: {
    /** x_0 and c, recorded once: 2. */
    sharedLeafNodes: number;
    /** a_t and b_t: 2 a step. */
    stepLeafNodes: number;
    /** The step's primitives: 12. */
    stepPrimitiveNodes: number;
    /** stepLeafNodes + stepPrimitiveNodes: 14. */
    stepNodes: number;
    /** ½(x_T − y)²: 3. */
    lossNodes: number;
    nodes: number;
    bytes: number;
  };
  /** S: a stored state (snapshot). */
  storedStateBytes: number;
  /** S: the working state. */
  workingStateBytes: number;
  /** Nodes of a recorded step t < T−1: its x_t, a_t, b_t, c leaves and 12 primitives (16). */
  recordedStepNodes: number;
  /** R: a recorded step t < T−1. */
  recordedStepBytes: number;
  /** R + the loss's 120: the recorded step T−1. */
  lastRecordedStepBytes: number;
  /** Every step recorded, no checkpoint (stride T): T recorded steps and the working x_T. */
  allStepsRecorded: { items: number; bytes: number };
}

/** The memory model's named parts at T steps (see MemoryParts). */
export function memoryParts(steps: number, model: MemoryModel = SCALAR_MODEL): MemoryParts {
  const sharedLeafNodes = 2;
  const stepLeafNodes = 2;
  const stepNodes = stepLeafNodes + NODES_PER_STEP;
  const nodes = sharedLeafNodes + steps * stepNodes + NODES_IN_LOSS;
  return {
    steps,
    nodeBytes: BYTES_PER_NODE,
    tape: {
      sharedLeafNodes,
      stepLeafNodes,
      stepPrimitiveNodes: NODES_PER_STEP,
      stepNodes,
      lossNodes: NODES_IN_LOSS,
      nodes,
      bytes: nodes * BYTES_PER_NODE,
    },
    storedStateBytes: model.stateBytes,
    workingStateBytes: model.stateBytes,
    recordedStepNodes: STEP_NODES,
    recordedStepBytes: model.stepBytes,
    lastRecordedStepBytes: model.stepBytes + LOSS_TAPE_BYTES,
    allStepsRecorded: { items: steps + 1, bytes: fullTapeBytes(steps, model) },
  };
}
