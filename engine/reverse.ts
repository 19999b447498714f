import { chainLoss, stepsOf, wobbleRate, NODES_PER_STEP, NODES_IN_LOSS, STEP_PROGRAM, type ChainParams } from './chain.ts';
import { recordChainStepInto } from './generated/step-recorder.ts';
import type { ChainGradient } from './fused.ts';
import { Op } from './ops.ts';
import { INDEX_BITS, Tape, type NodeId, type TapeIssue } from './tape.ts';

/** A leaf's head word: its op code, no parent. */
const LEAF_HEAD = Op.Leaf << INDEX_BITS;

/** Nodes a full recording of a T-step chain puts on the tape. */
export function tapeNodesFor(steps: number): number {
  // c and x₀ leaves, then per step the a_t and b_t leaves and the step's primitives, then the loss.
  return 2 + steps * (2 + NODES_PER_STEP) + NODES_IN_LOSS;
}

/** The reverse-mode result, with what the app and the counters need beyond the gradient. */
export interface ReverseResult extends ChainGradient {
  /** dL/dc. */
  c: number;
  /** x̄_t = dL/dx_t for t = 0 … T. */
  adjoint: Float64Array;
  /** x_0 … x_T, read off the tape. */
  states: Float64Array;
  /** Nodes recorded. */
  tapeNodes: number;
  /** Chain steps evaluated on the tape while recording. */
  stepEvaluations: number;
  /** Nodes the sweep visited. */
  sweptNodes: number;
  /** Full-chain work units: recording passes plus sweep passes, counted. */
  workUnits: number;
  /** Numerical hazards met while recording. */
  issues: TapeIssue[];
}

/** Node ids of a chain recorded on a tape. */
export interface RecordedChain {
  /** The loss node. */
  loss: NodeId;
  /** The c leaf. */
  c: NodeId;
  /** x_0 … x_T. */
  states: Int32Array;
  /** The a_t leaves. */
  a: Int32Array;
  /** The b_t leaves. */
  b: Int32Array;
  /** Chain steps evaluated on the tape. */
  stepEvaluations: number;
}

/** Records the chain and its loss on `tape` (emptied first): the forward half of reverse mode. */
export function recordChain(params: ChainParams, tape: Tape): RecordedChain {
  const T = stepsOf(params);
  return recordChainInto(params, tape, new Int32Array(T + 1), new Int32Array(T), new Int32Array(T));
}

/**
 * `recordChain` writing the node ids into the caller's arrays (at least T + 1, T and T long).
 * The steps go in as one bulk write: each step's a_t and b_t leaves, then its twelve primitives by
 * the step's recorder written out ahead of time (`recordChainStepInto`), the same nodes in the same
 * order as `recordStep` step by step (test/engine/program.test.ts), checked for non-finite
 * values once at the end. One write saves a bulk hand-over, a commit and two leaf calls per step:
 * 5–30 % of a whole gradient (`npm run -s lab -- bench`).
 */
function recordChainInto(params: ChainParams, tape: Tape, states: Int32Array, aIds: Int32Array, bIds: Int32Array): RecordedChain {
  const T = stepsOf(params);
  tape.reset();
  tape.reserve(tapeNodesFor(T));
  const c = tape.leaf(params.c);
  let x: number = tape.leaf(params.x0);
  states[0] = x;
  const columns = tape.bulk(T * (2 + NODES_PER_STEP));
  const { head, parent1, d0, d1, values, start } = columns;
  const pa = params.a;
  const pb = params.b;
  let n = start;
  let bad = 0;
  for (let t = 0; t < T; t++) {
    const at = pa[t];
    const bt = pb[t];
    // The two leaves, as Tape.leaf writes them (no parents, no partials).
    head[n] = head[n + 1] = LEAF_HEAD;
    parent1[n] = parent1[n + 1] = 0;
    d0[n] = d1[n] = d0[n + 1] = d1[n + 1] = 0;
    values[n] = at;
    values[n + 1] = bt;
    aIds[t] = n;
    bIds[t] = n + 1;
    bad += at * 0 + bt * 0 + recordChainStepInto(columns, n + 2, x, n, n + 1, c, wobbleRate(t));
    x = n + 2 + STEP_OUTPUT;
    n += 2 + NODES_PER_STEP;
    states[t + 1] = x;
  }
  tape.commit(start, n, bad !== 0);
  return { loss: chainLoss(tape, x as NodeId, params.target), c, states, a: aIds, b: bIds, stepEvaluations: T };
}

/** Where the step's output sits among its primitives (its program's output register, less the inputs). */
const STEP_OUTPUT = STEP_PROGRAM.output - STEP_PROGRAM.inputs;

/**
 * Node-id columns reused by every `reverseGradient` call (grown as needed): at T = 40 the three
 * Int32Arrays a call would otherwise allocate cost about as much as the sweep. Nothing returned
 * refers to them.
 */
let idColumns = { states: new Int32Array(0), a: new Int32Array(0), b: new Int32Array(0) };

function idColumnsFor(T: number): typeof idColumns {
  if (idColumns.a.length < T) {
    const n = Math.max(T, 2 * idColumns.a.length);
    idColumns = { states: new Int32Array(n + 1), a: new Int32Array(n), b: new Int32Array(n) };
  }
  return idColumns;
}

/**
 * The most nodes the pooled tape keeps between calls: 2^20, 40 MB of columns (T ≈ 75,000). A
 * longer chain records on a tape of its own, freed after the call.
 */
export const POOLED_TAPE_LIMIT = 1 << 20;

/** The tape `reverseGradient` records on when given none: grown as needed, kept between calls. */
let pooled: Tape | undefined;

/**
 * The tape for a call that was given none. Reusing one saves allocating (and zeroing) six typed
 * columns per call, which cost 1.3–1.9× the reused path. Safe because a call is synchronous and
 * nothing it returns refers to the tape's buffers (see `reverseGradient`).
 */
function pooledTape(nodes: number): Tape {
  if (nodes > POOLED_TAPE_LIMIT) return new Tape(nodes);
  pooled ??= new Tape(nodes);
  return pooled;
}

/**
 * The gradient of L = ½(x_T − y)² with respect to every a_t and b_t by reverse mode: record the
 * chain on a tape, seed adj[L] = 1, sweep back. Without a tape it records on one the module keeps
 * between calls (a long chain gets its own); pass a tape to choose. Every array it returns is
 * freshly allocated, never a view into the tape: the gradient crosses a worker boundary by
 * transfer, which would detach a pooled buffer.
 */
export function reverseGradient(params: ChainParams, tape?: Tape): ReverseResult {
  const T = stepsOf(params);
  tape ??= pooledTape(tapeNodesFor(T));
  const ids = idColumnsFor(T);
  const rec = recordChainInto(params, tape, ids.states, ids.a, ids.b);
  const adj = tape.backward(rec.loss);
  const ga = new Float64Array(T);
  const gb = new Float64Array(T);
  const adjoint = new Float64Array(T + 1);
  const states = new Float64Array(T + 1);
  const { a: aIds, b: bIds, states: xIds } = rec;
  adjoint[0] = adj[xIds[0]];
  states[0] = tape.value(xIds[0] as NodeId);
  for (let t = 0; t < T; t++) {
    ga[t] = adj[aIds[t]];
    gb[t] = adj[bIds[t]];
    const x = xIds[t + 1];
    adjoint[t + 1] = adj[x];
    states[t + 1] = tape.value(x as NodeId);
  }
  const recorded = tape.length;
  return {
    loss: tape.value(rec.loss),
    a: ga,
    b: gb,
    c: adj[rec.c],
    adjoint,
    states,
    tapeNodes: recorded,
    stepEvaluations: rec.stepEvaluations,
    sweptNodes: tape.lastSweepNodes,
    workUnits: rec.stepEvaluations / T + tape.lastSweepNodes / recorded,
    issues: tape.issues.length === 0 ? [] : tape.issues.slice(),
  };
}
