import { recordChain, tapeNodesFor } from '../reverse.ts';
import { recordStep, stepsOf, wobbleRate, WOBBLE_AMPLITUDE, type ChainParams } from '../chain.ts';
import type { GradientPair } from '../report.ts';
import { BYTES_PER_NODE, Tape } from '../tape.ts';
import { FusedTape, type FusedId } from './fused-tape.ts';

/** A chain step's value and its hand-derived local Jacobian. */
export interface FusedStep {
  /** x_{t+1}. */
  value: number;
  /** ∂x_{t+1}/∂x_t. */
  dx: number;
  /** ∂x_{t+1}/∂a_t. */
  da: number;
  /** ∂x_{t+1}/∂b_t. */
  db: number;
}

/**
 * Step t written out by hand with its local Jacobian: with s = tanh(a·x + b) and k = 0.11(t+1),
 *
 *   x_{t+1}          = s + c·x/(1 + x²) + 0.025·sin(k·x)
 *   ∂x_{t+1}/∂x_t    = a·(1 − s²) + c·(1 − x²)/(1 + x²)² + 0.025·k·cos(k·x)
 *   ∂x_{t+1}/∂a_t    = x·(1 − s²)
 *   ∂x_{t+1}/∂b_t    = 1 − s²
 *
 * The one place besides engine/fused.ts where the chain is written a second time: that is what
 * fusing is. `out` is filled and returned, so a loop allocates nothing.
 */
export function fusedStep(t: number, x: number, a: number, b: number, c: number, out: FusedStep): FusedStep {
  const s = Math.tanh(a * x + b);
  const ds = 1 - s * s;
  const q = 1 + x * x;
  const k = wobbleRate(t);
  out.value = s + (c * x) / q + WOBBLE_AMPLITUDE * Math.sin(k * x);
  out.dx = a * ds + (c * (1 - x * x)) / (q * q) + WOBBLE_AMPLITUDE * k * Math.cos(k * x);
  out.da = x * ds;
  out.db = ds;
  return out;
}

/** What recording and sweeping one tape of the chain gave. */
export interface TapedGradient extends GradientPair {
  loss: number;
  /** Nodes recorded (counted by the tape). */
  nodes: number;
  /** Bytes the nodes hold, adjoints included. */
  bytes: number;
}

/** The chain on the scalar tape, twelve primitives a step: record, sweep from the loss, read dL/da_t, dL/db_t. */
export function primitiveGradient(params: ChainParams, tape = new Tape(tapeNodesFor(stepsOf(params)))): TapedGradient {
  const T = stepsOf(params);
  const rec = recordChain(params, tape);
  const adj = tape.backward(rec.loss);
  const a = new Float64Array(T);
  const b = new Float64Array(T);
  for (let t = 0; t < T; t++) {
    a[t] = adj[rec.a[t]];
    b[t] = adj[rec.b[t]];
  }
  return { loss: tape.value(rec.loss), a, b, nodes: tape.length, bytes: tape.length * BYTES_PER_NODE };
}

/** The op names of the nodes one step records on the scalar tape, read off a recording of step 0. */
export function stepOpNames(): string[] {
  const tape = new Tape(32);
  const [x, a, b, c] = [tape.leaf(0.4), tape.leaf(0.8), tape.leaf(0.2), tape.leaf(0.35)];
  const first = tape.length;
  recordStep(tape, 0, x, a, b, c);
  return Array.from({ length: tape.length - first }, (_, i) => tape.opName(first + i));
}

/** Nodes a fused recording holds: x₀, then a_t, b_t and one fused step node a step, then the loss: 3T + 2. */
export function fusedTapeNodes(steps: number): number {
  return 3 * steps + 2;
}

/**
 * The chain on a fused tape, one node a step carrying the hand-derived Jacobian (`fusedStep`),
 * and the loss as one node with ∂L/∂x_T = x_T − y. c is folded into each step as a constant: this
 * tape gives dL/da_t and dL/db_t only.
 */
export function fusedGradient(params: ChainParams, tape = new FusedTape(fusedTapeNodes(stepsOf(params)))): TapedGradient {
  const T = stepsOf(params);
  const { c } = params;
  tape.reset();
  const aIds = new Int32Array(T);
  const bIds = new Int32Array(T);
  const step: FusedStep = { value: 0, dx: 0, da: 0, db: 0 };
  let x = tape.leaf(params.x0);
  for (let t = 0; t < T; t++) {
    const a = tape.leaf(params.a[t]);
    const b = tape.leaf(params.b[t]);
    aIds[t] = a;
    bIds[t] = b;
    fusedStep(t, tape.value(x), params.a[t], params.b[t], c, step);
    x = tape.ternary(step.value, x, step.dx, a, step.da, b, step.db);
  }
  const r = tape.value(x) - params.target;
  const loss = tape.unary(0.5 * r * r, x, r);
  const adj = tape.backward(loss);
  const ga = new Float64Array(T);
  const gb = new Float64Array(T);
  for (let t = 0; t < T; t++) {
    ga[t] = adj[aIds[t] as FusedId];
    gb[t] = adj[bIds[t] as FusedId];
  }
  return { loss: tape.value(loss), a: ga, b: gb, nodes: tape.length, bytes: tape.bytes };
}

/** max over t of |x.a_t − y.a_t| and |x.b_t − y.b_t|. */
export function maxDifference(x: GradientPair, y: GradientPair): number {
  let worst = 0;
  for (let t = 0; t < x.a.length; t++) {
    worst = Math.max(worst, Math.abs(x.a[t] - y.a[t]), Math.abs(x.b[t] - y.b[t]));
  }
  return worst;
}

/**
 * `maxDifference(x, y)` over the largest |entry| of y: what the panels show. Past a few hundred
 * steps the chain's gradient grows without bound (2^50 and more at T = 1,000), and rounding there
 * differs by thousands in absolute terms while agreeing to 15 digits.
 */
export function gradientRelativeDifference(x: GradientPair, y: GradientPair): number {
  let size = 0;
  for (let t = 0; t < y.a.length; t++) size = Math.max(size, Math.abs(y.a[t]), Math.abs(y.b[t]));
  const worst = maxDifference(x, y);
  return size > 0 ? worst / size : worst;
}
