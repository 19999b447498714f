import { advance, chainLoss, recordStep, stepsOf, NODES_IN_LOSS, NODES_PER_STEP, type ChainParams } from '../chain.ts';
import type { GradientPair } from '../report.ts';
import { BYTES_PER_NODE, Tape } from '../tape.ts';

/** A gradient with the sweep stopped K steps before the end (truncated backpropagation). */
export interface TruncatedGradient extends GradientPair {
  /** K, the window: steps T−K … T−1 are differentiated, x_{T−K} is a constant. */
  window: number;
  /** Nodes the truncated tape recorded (counted by the tape). */
  tapeNodes: number;
  /** Bytes those nodes hold: tapeNodes × BYTES_PER_NODE. */
  tapeBytes: number;
  /** Chain steps run in plain floats to reach x_{T−K} (nothing recorded). */
  plainSteps: number;
  /** Chain steps recorded on the tape. */
  tapedSteps: number;
}

/**
 * Nodes a window-K recording holds: the c leaf and the x_{T−K} constant, a_t, b_t and the step's
 * twelve primitives for each of the K steps, then the loss: 2 + 14K + 3.
 */
export function truncatedTapeNodes(window: number): number {
  return 2 + window * (2 + NODES_PER_STEP) + NODES_IN_LOSS;
}

/** Checks a window against the chain's steps; one sentence for a person, or null. */
export function validateWindow(window: number, steps: number): string | null {
  if (!Number.isInteger(window) || window < 0 || window > steps) {
    return `the window must be a whole number from 0 to the steps (${steps}); got ${window}`;
  }
  return null;
}

/**
 * The gradient of L = ½(x_T − y)² with the gradient stopped at x_{T−K}: x_{T−K} is computed in
 * plain floats and enters the tape as a constant, so the reverse sweep ends there. Every a_t, b_t
 * with t < T−K gets exactly 0 and the others get their exact adjoints (the sweep over the last K
 * steps is the full sweep's, node for node). Pass a tape to reuse its buffers.
 */
export function truncatedGradient(params: ChainParams, window: number, tape = new Tape(truncatedTapeNodes(window))): TruncatedGradient {
  const T = stepsOf(params);
  const problem = validateWindow(window, T);
  if (problem) throw new RangeError(problem);
  const start = T - window;
  const xStart = advance(params, 0, start, params.x0);
  tape.reset();
  tape.reserve(truncatedTapeNodes(window));
  const c = tape.leaf(params.c);
  let x = tape.constant(xStart);
  const aIds = new Int32Array(window);
  const bIds = new Int32Array(window);
  for (let t = start; t < T; t++) {
    const a = tape.leaf(params.a[t]);
    const b = tape.leaf(params.b[t]);
    aIds[t - start] = a;
    bIds[t - start] = b;
    x = recordStep(tape, t, x, a, b, c);
  }
  const loss = chainLoss(tape, x, params.target);
  const adj = tape.backward(loss);
  const ga = new Float64Array(T);
  const gb = new Float64Array(T);
  for (let i = 0; i < window; i++) {
    ga[start + i] = adj[aIds[i]];
    gb[start + i] = adj[bIds[i]];
  }
  return {
    window,
    a: ga,
    b: gb,
    tapeNodes: tape.length,
    tapeBytes: tape.length * BYTES_PER_NODE,
    plainSteps: start,
    tapedSteps: window,
  };
}

/** ‖g_K − g‖₂ / ‖g‖₂ over all P = 2T components (NaN when g is 0 everywhere). */
export function relativeError(approx: GradientPair, exact: GradientPair): number {
  let num = 0;
  let den = 0;
  for (let t = 0; t < exact.a.length; t++) {
    const da = approx.a[t] - exact.a[t];
    const db = approx.b[t] - exact.b[t];
    num += da * da + db * db;
    den += exact.a[t] * exact.a[t] + exact.b[t] * exact.b[t];
  }
  return den === 0 ? NaN : Math.sqrt(num) / Math.sqrt(den);
}

/** One point of the truncation curve. */
export interface TruncationPoint {
  window: number;
  relativeError: number;
  tapeNodes: number;
}

/**
 * The relative error of the truncated gradient for every window K = 0 … T, each from its own
 * truncated recording and sweep (one tape reused): T(T+1)/2 taped steps in all.
 */
export function truncationCurve(params: ChainParams, exact: GradientPair): TruncationPoint[] {
  const T = stepsOf(params);
  const tape = new Tape(truncatedTapeNodes(T));
  const out: TruncationPoint[] = [];
  for (let k = 0; k <= T; k++) {
    const g = truncatedGradient(params, k, tape);
    out.push({ window: k, relativeError: relativeError(g, exact), tapeNodes: g.tapeNodes });
  }
  return out;
}
