import { stepsOf, type ChainParams } from '../chain.ts';
import { forwardGradient, laneOfA, laneOfB } from '../forward.ts';
import { recordChain, tapeNodesFor } from '../reverse.ts';
import { Tape } from '../tape.ts';

/** One row of the Jacobian of the last M states: ∂x_s/∂a_t and ∂x_s/∂b_t for every t. */
export interface JacobianRow {
  /** s, the state this row differentiates (T−M+1 … T). */
  state: number;
  a: Float64Array;
  b: Float64Array;
}

/** The M × P Jacobian of (x_{T−M+1}, …, x_T) with respect to (a, b), and what it cost. */
export interface JacobianRun {
  rows: JacobianRow[];
  /** Full-chain work units, counted: forward P + 1 (a primal and P tangent lanes through every step), reverse 1 + M. */
  work: number;
  /** Reverse mode: sweeps run (one per output); forward mode: tangent lanes carried. */
  passes: number;
}

/** Checks an output count against the chain's steps; one sentence for a person, or null. */
export function validateOutputs(outputs: number, steps: number): string | null {
  if (!Number.isInteger(outputs) || outputs < 1 || outputs > steps) {
    return `the outputs must be a whole number from 1 to the steps (${steps}); got ${outputs}`;
  }
  return null;
}

function check(params: ChainParams, outputs: number): number {
  const T = stepsOf(params);
  const problem = validateOutputs(outputs, T);
  if (problem) throw new RangeError(problem);
  return T;
}

/**
 * Forward mode: one vector dual-number pass, a_t entering with tangent e_{2t} and b_t with
 * e_{2t+1}, carries dx_s/dθ for every state s at once; the last M states' tangents are the rows.
 * Its cost does not depend on M.
 */
export function forwardJacobian(params: ChainParams, outputs: number): JacobianRun {
  const T = check(params, outputs);
  const P = 2 * T;
  const run = forwardGradient(params, { recordTangents: true });
  const tangents = run.tangents as Float64Array;
  const rows: JacobianRow[] = [];
  for (let s = T - outputs + 1; s <= T; s++) {
    const a = new Float64Array(T);
    const b = new Float64Array(T);
    for (let t = 0; t < T; t++) {
      a[t] = tangents[s * P + laneOfA(t)];
      b[t] = tangents[s * P + laneOfB(t)];
    }
    rows.push({ state: s, a, b });
  }
  return { rows, work: run.workUnits, passes: run.lanes };
}

/**
 * Reverse mode: record the chain once, then sweep back once from each output state x_s, seeded
 * with 1. a_t and b_t with t ≥ s come after x_s on the tape and cannot reach it: their entries
 * are 0. Pass a tape to reuse its buffers.
 */
export function reverseJacobian(params: ChainParams, outputs: number, tape = new Tape(tapeNodesFor(stepsOf(params)))): JacobianRun {
  const T = check(params, outputs);
  const rec = recordChain(params, tape);
  let sweeps = 0;
  const rows: JacobianRow[] = [];
  for (let s = T - outputs + 1; s <= T; s++) {
    const adj = tape.backward(rec.states[s] as Parameters<Tape['backward']>[0]);
    sweeps++;
    const a = new Float64Array(T);
    const b = new Float64Array(T);
    for (let t = 0; t < s; t++) {
      a[t] = adj[rec.a[t]];
      b[t] = adj[rec.b[t]];
    }
    rows.push({ state: s, a, b });
  }
  return { rows, work: rec.stepEvaluations / T + sweeps, passes: sweeps };
}

/** The largest |difference| between two Jacobians' entries, row by row. */
export function jacobianDifference(x: readonly JacobianRow[], y: readonly JacobianRow[]): number {
  let worst = 0;
  x.forEach((row, i) => {
    for (let t = 0; t < row.a.length; t++) {
      worst = Math.max(worst, Math.abs(row.a[t] - y[i].a[t]), Math.abs(row.b[t] - y[i].b[t]));
    }
  });
  return worst;
}
