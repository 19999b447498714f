import { chainLoss, recordStep, NODES_IN_LOSS, NODES_PER_STEP, stepsOf, type ChainParams } from '../chain.ts';
import { Tape, type NodeId } from '../tape.ts';

/** Nodes of a recorded step t < T−1: four leaves and the step's twelve primitives (16). */
export const STEP_NODES = 4 + NODES_PER_STEP;

/**
 * Nodes recorded step t of a T-step chain puts on its tape: the four leaves x_t, a_t, b_t, c
 * and the step's twelve primitives (4 + 12 = 16; k_t is the constant of a `scale`, not a node),
 * and for t = T−1 the three of the loss ½(x_T − y)² (19). The executor's dry run counts bytes from this; its real run reads
 * the tape's length, and the tests check that the two agree.
 */
export function recordedStepNodes(step: number, steps: number): number {
  return STEP_NODES + (step === steps - 1 ? NODES_IN_LOSS : 0);
}

/** Capacity of a pooled one-step tape: enough for the last step, the longest. */
const STEP_TAPE_NODES = STEP_NODES + NODES_IN_LOSS;

/** The leaves are recorded first on an emptied tape, so their node ids are 0 … 3. */
const LEAF_X = 0;
const LEAF_A = 1;
const LEAF_B = 2;
const LEAF_C = 3;

/**
 * Step t taped on its own: leaves x_t, a_t, b_t, c and twelve primitives ending in x_{t+1}, and
 * for t = T−1 the loss ½(x_T − y)². It holds x_t (the first leaf) and x_{t+1} (the
 * output node), so either state can be restored from it.
 */
export interface RecordedStep {
  step: number;
  tape: Tape;
  /** The node of x_{t+1}. */
  output: NodeId;
  /** The node of the loss for the last step, −1 otherwise. */
  loss: NodeId | -1;
}

/** What sweeping one recorded step back gives. Reused between sweeps. */
export interface StepAdjoint {
  /** x̄_t = dL/dx_t. */
  x: number;
  /** dL/da_t. */
  a: number;
  /** dL/db_t. */
  b: number;
  /** Step t's term of dL/dc. */
  c: number;
  /** x̄_{t+1}, the seed (for the last step, read off the loss's sweep). */
  next: number;
  /** The loss, for the last step (NaN otherwise). */
  loss: number;
}

/**
 * Records chain steps on one-step tapes and sweeps them back. The tapes are pooled: a recorded
 * step keeps its tape until it is reversed, then the tape returns to the pool, so the number of
 * tapes ever made is the peak number of recorded steps held, and recording again allocates
 * nothing.
 *
 * Sweeping step t seeded with x̄_{t+1} visits the step's nodes in the order a full tape's sweep
 * does and adds the same products in the same order, so x̄_t, dL/da_t and dL/db_t are bitwise
 * those of the full tape; dL/dc summed over t = T−1 … 0 is too (c has one use per step).
 */
export class StepRecorder {
  private readonly pool: RecordedStep[] = [];
  private readonly steps: number;

  constructor(private readonly params: ChainParams) {
    this.steps = stepsOf(params);
  }

  /** Tapes step t from state x = x_t. */
  record(t: number, x: number): RecordedStep {
    const held = this.pool.pop();
    const tape = held?.tape ?? new Tape(STEP_TAPE_NODES);
    tape.reset();
    const { a, b, c } = this.params;
    const xt = tape.leaf(x);
    const at = tape.leaf(a[t]);
    const bt = tape.leaf(b[t]);
    const cc = tape.leaf(c);
    const output = recordStep(tape, t, xt, at, bt, cc);
    const loss = t === this.steps - 1 ? chainLoss(tape, output, this.params.target) : -1;
    if (held) {
      held.step = t;
      held.output = output;
      held.loss = loss;
      return held;
    }
    return { step: t, tape, output, loss };
  }

  /** x_t, the state recorded step t started from. */
  input(r: RecordedStep): number {
    return r.tape.value(LEAF_X as NodeId);
  }

  /** x_{t+1}, the state recorded step t produced. */
  output(r: RecordedStep): number {
    return r.tape.value(r.output);
  }

  /**
   * Sweeps recorded step t back, seeded with x̄_{t+1} (ignored for the last step, whose sweep
   * starts at the loss with dL/dL = 1), writes the adjoints into `out`, and returns the tape to
   * the pool.
   */
  reverse(r: RecordedStep, seed: number, out: StepAdjoint): void {
    const tape = r.tape;
    const adj = r.loss === -1 ? tape.backward(r.output, seed) : tape.backward(r.loss);
    out.x = adj[LEAF_X];
    out.a = adj[LEAF_A];
    out.b = adj[LEAF_B];
    out.c = adj[LEAF_C];
    out.next = adj[r.output];
    out.loss = r.loss === -1 ? NaN : tape.value(r.loss);
    this.pool.push(r);
  }
}
