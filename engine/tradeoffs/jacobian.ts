import { STEP_PROGRAM, stepsOf, wobbleRate, type ChainParams } from '../chain.ts';
import { DualVecArith, type DualVec } from '../dual.ts';
import { binaryPrimitive, PARTIALS, unaryPrimitive } from '../generated/primitives.ts';
import { LAST_BINARY, LAST_SOURCE } from '../ops.ts';
import { forwardGradient, laneOfA, laneOfB } from '../forward.ts';
import { runProgram } from '../program.ts';
import { recordChain, tapeNodesFor } from '../reverse.ts';
import { Tape } from '../tape.ts';

/** One row of the Jacobian of the last M states: ∂x_s/∂a_t and ∂x_s/∂b_t for every t. */
export interface JacobianRow {
  /** s, the state this row differentiates (T−M+1 … T). */
  state: number;
  a: Float64Array;
  b: Float64Array;
  /** ∂x_s over the first N inputs of (x_0, c, a_0, b_0, a_1, b_1, …) (`jacobianInputNames`); empty when not asked for. */
  values: Float64Array;
}

/**
 * The inputs the Jacobian lever chooses from, in order: x_0, c, a_0, b_0, a_1, b_1, … (P + 2 of
 * them). Input i is x_0 for i = 0, c for i = 1, a_t for i = 2 + 2t and b_t for i = 3 + 2t.
 */
export function jacobianInputNames(steps: number, inputs: number): string[] {
  const names: string[] = [];
  for (let i = 0; i < inputs && i < 2 * steps + 2; i++) {
    names.push(i === 0 ? 'x0' : i === 1 ? 'c' : `${i % 2 === 0 ? 'a' : 'b'}${(i - 2) >> 1}`);
  }
  return names;
}

/** Checks an input count N against the chain: 1 … P + 2; one sentence for a person, or null. */
export function validateInputs(inputs: number, steps: number): string | null {
  if (!Number.isInteger(inputs) || inputs < 1 || inputs > 2 * steps + 2) {
    return `the inputs must be a whole number from 1 to P + 2 (${2 * steps + 2}); got ${inputs}`;
  }
  return null;
}

/** A Jacobian over the first N inputs by forward mode, and what it cost. */
export interface InputJacobianRun {
  /**
   * Row-major M × N: entry i·N + j is ∂x_s/∂(input j) for s = T − M + 1 + i. One array, not a
   * row each: allocating M small arrays took time that grew with M (at N = 1 and M = 40 a third
   * of the pass), so forward mode's time was not the same at every M although its work was.
   */
  values: Float64Array;
  /** Full-chain work units, counted: a primal and N tangent lanes through every step, N + 1. */
  work: number;
  /** Tangent lanes carried (N). */
  passes: number;
}

/**
 * Forward mode over the first N inputs of (x_0, c, a_0, b_0, …): one vector dual-number pass
 * carrying N tangent lanes (input i enters with tangent e_i, the others as constants), reading
 * the tangents of the last M states as it goes. Its cost, N + 1 chain runs, does not depend on M.
 */
export function forwardJacobianOver(params: ChainParams, inputs: number, outputs: number, into?: Float64Array): InputJacobianRun {
  const T = check(params, outputs);
  const problem = validateInputs(inputs, T) ?? validateInto(into, outputs, inputs);
  if (problem) throw new RangeError(problem);
  if (inputs === 1) return forwardOverX0(params, outputs, into ?? new Float64Array(outputs));
  const ar = new DualVecArith(inputs);
  const lane = (i: number) => (i < inputs ? i : -1);
  const c = ar.variable(params.c, lane(1));
  let x = ar.variable(params.x0, lane(0));
  const values = into ?? new Float64Array(outputs * inputs);
  const first = T - outputs + 1;
  let laneSteps = 0;
  const regs: DualVec[] = [];
  for (let t = 0; t < T; t++) {
    regs[0] = x;
    regs[1] = ar.variable(params.a[t], lane(2 + 2 * t));
    regs[2] = ar.variable(params.b[t], lane(3 + 2 * t));
    regs[3] = c;
    x = runProgram(ar, STEP_PROGRAM, regs, [wobbleRate(t)]);
    laneSteps += 1 + inputs;
    if (t + 1 >= first) for (let j = 0, o = (t + 1 - first) * inputs; j < inputs; j++) values[o + j] = x.d[j];
    ar.recycle([x, c]);
  }
  return { values, work: laneSteps / T, passes: inputs };
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
    rows.push({ state: s, a, b, values: new Float64Array(0) });
  }
  return { rows, work: run.workUnits, passes: run.lanes };
}

/**
 * Reverse mode: record the chain once, then sweep back once from each output state x_s, seeded
 * with 1. a_t and b_t with t ≥ s come after x_s on the tape and cannot reach it: their entries
 * are 0. Each row also holds its entries over the first `inputs` of (x_0, c, a_0, b_0, …) (none
 * by default). Pass a tape to reuse its buffers.
 */
export function reverseJacobian(
  params: ChainParams,
  outputs: number,
  tape = new Tape(tapeNodesFor(stepsOf(params))),
  inputs = 0,
): JacobianRun {
  const T = check(params, outputs);
  if (inputs !== 0) {
    const problem = validateInputs(inputs, T);
    if (problem) throw new RangeError(problem);
  }
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
    const values = new Float64Array(inputs);
    readInputAdjoints(adj, rec, s, values, 0, inputs);
    rows.push({ state: s, a, b, values });
  }
  return { rows, work: rec.stepEvaluations / T + sweeps, passes: sweeps };
}

/**
 * Writes ∂x_s over the first `inputs` of (x_0, c, a_0, b_0, …) from a sweep's adjoints into
 * `into` from `at`: inputs of steps at or after s do not reach x_s, so theirs is 0.
 */
function readInputAdjoints(adj: Float64Array, rec: ReturnType<typeof recordChain>, s: number, into: Float64Array, at: number, inputs: number): void {
  for (let i = 0; i < inputs; i++) {
    const t = (i - 2) >> 1;
    into[at + i] = i === 0 ? adj[rec.states[0]] : i === 1 ? adj[rec.c] : t >= s ? 0 : adj[i % 2 === 0 ? rec.a[t] : rec.b[t]];
  }
}

/**
 * Reverse mode over the first N inputs, as `forwardJacobianOver` answers it: one taped run and a
 * sweep per output, the M × N values written row-major into one array (`into`, or a new one).
 * Nothing is allocated per sweep, so its time measures the sweeps, as forward mode's measures
 * its lanes: the full rows over (a, b) that `reverseJacobian` also builds cost two arrays a sweep.
 */
export function reverseJacobianOver(
  params: ChainParams,
  inputs: number,
  outputs: number,
  tape = new Tape(tapeNodesFor(stepsOf(params))),
  into?: Float64Array,
): InputJacobianRun {
  const T = check(params, outputs);
  const problem = validateInputs(inputs, T) ?? validateInto(into, outputs, inputs);
  if (problem) throw new RangeError(problem);
  const values = into ?? new Float64Array(outputs * inputs);
  const rec = recordChain(params, tape);
  const first = T - outputs + 1;
  for (let s = first; s <= T; s++) {
    const adj = tape.backward(rec.states[s] as Parameters<Tape['backward']>[0]);
    readInputAdjoints(adj, rec, s, values, (s - first) * inputs, inputs);
  }
  return { values, work: rec.stepEvaluations / T + outputs, passes: outputs };
}

/** Checks a caller's answer array: exactly M × N long; one sentence, or null. */
function validateInto(into: Float64Array | undefined, outputs: number, inputs: number): string | null {
  return into === undefined || into.length === outputs * inputs ? null : `the answer array must hold M × N = ${outputs * inputs} values; it holds ${into.length}`;
}

/**
 * The step program's registers for `forwardOverX0`, values and tangents, allocated once: a call
 * allocates only its answer. (One call takes about 5 µs; two fresh register arrays a call were
 * garbage at 200,000 calls a second.)
 */
const X0_VALUE = new Float64Array(STEP_PROGRAM.inputs + STEP_PROGRAM.op.length);
const X0_TANGENT = new Float64Array(STEP_PROGRAM.inputs + STEP_PROGRAM.op.length);

/**
 * N = 1, the lever's x_0 alone: one tangent carried beside each value, in two typed registers
 * (the step's program run on scalar dual numbers, its ops' rules from the generated primitives),
 * so one lane costs what one lane should and the time of N + 1 = 2 runs is comparable with
 * reverse mode's 1 + M. It allocates nothing per op: with a dual object per op (as dualArith
 * makes) its time rose with M in the browser, by 1.3-1.8× on a quiet machine, from the garbage
 * collections that the reverse sweeps timed beside it set off (with a one-lane array every
 * primitive paid for a buffer: about 4× a scalar dual).
 */
function forwardOverX0(params: ChainParams, outputs: number, values: Float64Array): InputJacobianRun {
  const T = stepsOf(params);
  const first = T - outputs + 1;
  const p = STEP_PROGRAM;
  const { op, lhs, rhs, constant, parameter, inputs, output } = p;
  const value = X0_VALUE;
  const tangent = X0_TANGENT;
  let xv = params.x0;
  let xd = 1;
  let laneSteps = 0;
  for (let t = 0; t < T; t++) {
    // Registers 0 … 3: x, a_t, b_t, c (only x carries a tangent).
    value[0] = xv;
    tangent[0] = xd;
    value[1] = params.a[t];
    value[2] = params.b[t];
    value[3] = params.c;
    const k = wobbleRate(t);
    for (let i = 0; i < op.length; i++) {
      const o = op[i];
      const l = lhs[i];
      const r = rhs[i];
      const c = parameter && parameter[i] >= 0 ? k : constant[i];
      let v: number;
      let d: number;
      if (o > LAST_BINARY) {
        v = unaryPrimitive(o, value[l], c);
        d = PARTIALS[0] * tangent[l];
      } else if (o > LAST_SOURCE) {
        v = binaryPrimitive(o, value[l], value[r]);
        d = PARTIALS[0] * tangent[l] + PARTIALS[1] * tangent[r];
      } else {
        // A constant: its value, no tangent.
        v = c;
        d = 0;
      }
      value[inputs + i] = v;
      tangent[inputs + i] = d;
    }
    xv = value[output];
    xd = tangent[output];
    laneSteps += 2;
    if (t + 1 >= first) values[t + 1 - first] = xd;
  }
  return { values, work: laneSteps / T, passes: 1 };
}

/** The largest |difference| between rows' values and a forward run's (row-major, N a row), row by row. */
export function valuesDifference(rows: readonly JacobianRow[], values: Float64Array): number {
  let worst = 0;
  rows.forEach((row, i) => {
    const N = row.values.length;
    for (let j = 0; j < N; j++) worst = Math.max(worst, Math.abs(row.values[j] - values[i * N + j]));
  });
  return worst;
}

/**
 * The smallest M (1 … T) at which forward mode's counted work (N + 1, whatever M) is below
 * reverse mode's 1 + M (one recording, one sweep per output), or null: M = N + 1 when N < T.
 * The two lines cross at M = N.
 */
export function workCrossover(forwardWork: number, steps: number): number | null {
  for (let m = 1; m <= steps; m++) if (forwardWork < 1 + m) return m;
  return null;
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
