import { floatArith as FLOAT, type Arith } from './arith.ts';
import { recordChainStep } from './generated/step-recorder.ts';
import { trace } from './program.ts';
import { CHAIN_DEFAULTS, MAX_STEPS, MIN_STEPS } from './settings-table.ts';
import type { NodeId, Tape } from './tape.ts';

/** Amplitude of the small step-dependent wobble term. */
export const WOBBLE_AMPLITUDE = 0.025;
/** The wobble's frequency grows with the step: 0.11·(t+1). */
export const WOBBLE_RATE = 0.11;

/** The fewest and most steps the lab accepts (the settings table's hard range; the app's slider is narrower). */
export { MIN_STEPS, MAX_STEPS };

/** Everything the chain depends on: P = 2T step parameters plus c, x₀ and the target y. */
export interface ChainParams {
  /** a_t, the gain of step t (length T). */
  a: Float64Array;
  /** b_t, the bias of step t (length T). */
  b: Float64Array;
  /** c, the weight of the rational term, shared by every step. */
  c: number;
  /** x₀, the initial state. */
  x0: number;
  /** y, the target of the loss ½(x_T − y)². */
  target: number;
}

/** Defaults of the scalar knobs (rows of the settings table). */
export const DEFAULT_C = CHAIN_DEFAULTS.c;
export const DEFAULT_X0 = CHAIN_DEFAULTS.x0;
export const DEFAULT_TARGET = CHAIN_DEFAULTS.target;

/** k_t = 0.11·(t+1), the wobble's frequency at step t: a constant of the step, not a parameter. */
export function wobbleRate(t: number): number {
  return WOBBLE_RATE * (t + 1);
}

/**
 * The step map, written once for every arithmetic:
 *
 *   φ(x; a, b, c, k) = tanh(a·x + b) + c·x / (1 + x²) + 0.025·sin(k·x)
 *
 * Twelve primitives: mul, add, tanh · mul, square, shift, div · scale, sin, scale · add, add.
 * k is a plain number (the step's wobble rate), passed straight to a `scale`.
 */
export function stepMap<V>(ar: Arith<V>, x: V, a: V, b: V, c: V, k: number): V {
  const squash = ar.tanh(ar.add(ar.mul(a, x), b));
  const rational = ar.div(ar.mul(c, x), ar.addConst(ar.square(x), 1));
  const wobble = ar.mulConst(ar.sin(ar.mulConst(x, k)), WOBBLE_AMPLITUDE);
  return ar.add(ar.add(squash, rational), wobble);
}

/**
 * Step t of the chain, x_{t+1} = φ(x_t; a_t, b_t, c, k_t) with k_t = 0.11·(t+1):
 * x_{t+1} = tanh(a_t·x_t + b_t) + c·x_t / (1 + x_t²) + 0.025·sin(0.11·(t+1)·x_t).
 */
export function chainStep<V>(ar: Arith<V>, t: number, x: V, a: V, b: V, c: V): V {
  return stepMap(ar, x, a, b, c, wobbleRate(t));
}

/**
 * `stepMap` traced once into a straight-line program over inputs (x, a, b, c) with the numeric
 * parameter k. Forward mode runs it (program.ts) and the tape records it through a recorder
 * written out from it (`recordStep`), so that `stepMap`'s own call sites only ever see the float
 * arithmetic, and V8 inlines the primitives there. A call site that sees more receiver classes stops inlining them: plain evaluation and the
 * finite-difference sweep ran 2.5–3.5× slower once the tape had been through `stepMap` too, and
 * the tape recorded 2–3× slower once dual numbers had.
 */
export const STEP_PROGRAM = trace(4, (ar, [x, a, b, c], [k]) => stepMap(ar, x, a, b, c, k), 1);

/**
 * The recorder of STEP_PROGRAM written out ahead of time (engine/generated/step-recorder.ts, by
 * `npm run generate`): its function's name and what its comment calls it.
 */
export const STEP_RECORDER = { name: 'recordChainStep', describe: "the chain's step (STEP_PROGRAM in engine/chain.ts)" };

/**
 * `chainStep` on a tape: the nodes `chainStep(tape, …)` records, in the same order, with the same
 * values and partials. Every tape recording of the chain goes through here: a recorder written out
 * from STEP_PROGRAM, so that neither `stepMap`'s call sites (which then see only the float
 * arithmetic, besides the tracer once at load, and V8 inlines its primitives there) nor a loop
 * dispatching on each op stand between the chain and the tape. The tests compare it node for
 * node with `tape.replay(STEP_PROGRAM, …)` and `chainStep`.
 */
export function recordStep(tape: Tape, t: number, x: NodeId, a: NodeId, b: NodeId, c: NodeId): NodeId {
  return recordChainStep(tape, x, a, b, c, wobbleRate(t));
}

/** Nodes one `chainStep` records on a tape: its twelve primitives. */
export const NODES_PER_STEP = STEP_PROGRAM.op.length;

/** The loss L = ½(x_T − y)². */
export function chainLoss<V>(ar: Arith<V>, xT: V, target: number): V {
  return ar.mulConst(ar.square(ar.addConst(xT, -target)), 0.5);
}

/** Primitives one `chainLoss` records. */
export const NODES_IN_LOSS = 3;

/**
 * The documented default parameters of step t:
 *
 *   a_t = 0.75 + 0.1·sin(0.7·t + 0.3)
 *   b_t = 0.2·cos(0.45·t)
 *
 * Deterministic, so every run, test and shared link sees the same chain. Chosen (with c = 0.35)
 * from a scan of gains and biases so that the state hovers near 0, where tanh is not saturated and
 * each step's slope ∂x_{t+1}/∂x_t stays near 1: the adjoint then neither vanishes nor explodes over
 * the app's whole range of steps. With a saturating gain (a ≈ 0.85 + 0.25·sin …) the gradients
 * spread over more decades: docs/measurements.md prints both spreads at T = 200, from the command
 * line. test/engine/gradients.test.ts checks the spread.
 * Beyond a few hundred steps the wobble's slope 0.025·0.11·(t+1) passes 1 and the adjoint grows
 * without bound whatever a_t and b_t are: the command line still runs such chains and reports
 * non-finite figures as such.
 */
export function defaultA(t: number): number {
  return 0.75 + 0.1 * Math.sin(0.7 * t + 0.3);
}

export function defaultB(t: number): number {
  return 0.2 * Math.cos(0.45 * t);
}

/** Default parameters for a chain of `steps` steps, with c, x₀ and y overridable. */
export function defaultParams(
  steps: number,
  scalars: Partial<Pick<ChainParams, 'c' | 'x0' | 'target'>> = {},
): ChainParams {
  const a = new Float64Array(steps);
  const b = new Float64Array(steps);
  for (let t = 0; t < steps; t++) {
    a[t] = defaultA(t);
    b[t] = defaultB(t);
  }
  return {
    a,
    b,
    c: scalars.c ?? DEFAULT_C,
    x0: scalars.x0 ?? DEFAULT_X0,
    target: scalars.target ?? DEFAULT_TARGET,
  };
}

/** Number of steps T of a parameter set. */
export function stepsOf(params: ChainParams): number {
  return params.a.length;
}

/**
 * Runs steps `from` … `to`−1 in plain floats starting from state `x`, and returns x_to. When
 * `states` is given, x_{t+1} is written to states[t+1] along the way.
 */
export function advance(
  params: ChainParams,
  from: number,
  to: number,
  x: number,
  states?: Float64Array,
): number {
  const { a, b, c } = params;
  for (let t = from; t < to; t++) {
    x = chainStepFloat(t, x, a[t], b[t], c);
    if (states) states[t + 1] = x;
  }
  return x;
}

/** `chainStep` in plain floats. */
export function chainStepFloat(t: number, x: number, a: number, b: number, c: number): number {
  return chainStep(FLOAT, t, x, a, b, c);
}

/** The states x_0 … x_T in plain floats. */
export function evaluateStates(params: ChainParams): Float64Array {
  const T = stepsOf(params);
  const states = new Float64Array(T + 1);
  states[0] = params.x0;
  advance(params, 0, T, params.x0, states);
  return states;
}

/** The loss ½(x_T − y)² in plain floats. */
export function lossOf(xT: number, target: number): number {
  return chainLoss(FLOAT, xT, target);
}

/** The loss of the whole chain in plain floats. */
export function evaluateLoss(params: ChainParams): number {
  return lossOf(advance(params, 0, stepsOf(params), params.x0), params.target);
}

/** Checks a parameter set: equal lengths, at least one step, every number finite. */
export function validateParams(params: ChainParams): string | null {
  const T = params.a.length;
  if (params.b.length !== T) return `a has ${T} entries but b has ${params.b.length}; they must match`;
  if (T < MIN_STEPS) return 'the chain needs at least one step';
  if (T > MAX_STEPS) return `the chain has ${T} steps; at most ${MAX_STEPS} are allowed`;
  for (const [name, arr] of [['a', params.a], ['b', params.b]] as const) {
    for (let t = 0; t < T; t++) {
      if (!Number.isFinite(arr[t])) return `${name}[${t}] is ${arr[t]}; every parameter must be a finite number`;
    }
  }
  for (const key of ['c', 'x0', 'target'] as const) {
    if (!Number.isFinite(params[key])) return `${key} is ${params[key]}; it must be a finite number`;
  }
  return null;
}
