import { evaluateStates, stepsOf, wobbleRate, STEP_PROGRAM, type ChainParams } from '../chain.ts';
import { epsilonGrid, newEvaluationCount, perturbedLoss } from '../finite-difference.ts';
import { binaryPrimitive, unaryPrimitive } from '../generated/primitives.ts';
import { LAST_BINARY, Op } from '../ops.ts';
import type { Program } from '../program.ts';
import type { GradientPair } from '../report.ts';

/** Rounds a double to the nearest single-precision number (float32), or leaves it (float64). */
export type Rounding = (x: number) => number;

/** Double precision: nothing to round. */
export const asFloat64: Rounding = (x) => x;
/** Single precision. */
export const asFloat32: Rounding = Math.fround;

/**
 * The chain's loss with every operation's result rounded by `round`: the parameters, each
 * primitive of the traced step (STEP_PROGRAM, the chain written once), and the loss's three
 * operations. With Math.fround this is the chain computed in single precision; with the
 * identity, in double precision (bit for bit the plain-float loss). From step `from` on, starting
 * at the state x (default: the whole chain from x₀); `states`, when given, receives x_{t+1}.
 */
export function roundedLoss(params: ChainParams, round: Rounding, from = 0, x = round(params.x0), states?: Float64Array): number {
  const T = stepsOf(params);
  const regs = REGS;
  const c = round(params.c);
  for (let t = from; t < T; t++) {
    regs[0] = x;
    regs[1] = round(params.a[t]);
    regs[2] = round(params.b[t]);
    regs[3] = c;
    x = runRounded(STEP_PROGRAM, regs, round(wobbleRate(t)), round);
    if (states) states[t + 1] = x;
  }
  const d = round(x - round(params.target));
  return round(0.5 * round(d * d));
}

/** Registers for one step (a call is synchronous, so one set serves every call). */
const REGS = new Float64Array(STEP_PROGRAM.inputs + STEP_PROGRAM.op.length);

/** A traced program on plain numbers with each instruction's result rounded; `k` is its one parameter. */
function runRounded(p: Program, regs: Float64Array, k: number, round: Rounding): number {
  for (let i = 0; i < p.op.length; i++) {
    const op = p.op[i];
    const j = p.parameter ? p.parameter[i] : -1;
    const constant = round(j >= 0 ? k : p.constant[i]);
    const u = regs[p.lhs[i]];
    const value = op === Op.Const ? constant : op > LAST_BINARY ? unaryPrimitive(op, u, constant) : binaryPrimitive(op, u, regs[p.rhs[i]]);
    regs[p.inputs + i] = round(value);
  }
  return regs[p.output];
}

/** Parameter j in forward mode's lane order: a_t at 2t, b_t at 2t + 1. */
function laneParameter(j: number): { which: 'a' | 'b'; t: number } {
  return { which: j % 2 === 0 ? 'a' : 'b', t: j >> 1 };
}

/**
 * The central-difference gradient with every operation rounded (θ ± h and the quotient too), for
 * the parameters in `lanes` (default all; the others are NaN). Moving a_t or b_t leaves
 * x_0 … x_t alone, so each evaluation starts from the stored state x_t.
 */
export function roundedCentralDifferences(params: ChainParams, h: number, round: Rounding, lanes?: ArrayLike<number>): GradientPair {
  const T = stepsOf(params);
  const g = { a: new Float64Array(T).fill(NaN), b: new Float64Array(T).fill(NaN) };
  const states = new Float64Array(T + 1);
  states[0] = round(params.x0);
  roundedLoss(params, round, 0, states[0], states);
  const hr = round(h);
  const twoH = round(2 * hr);
  const moved = { ...params, a: params.a.slice(), b: params.b.slice() };
  const count = lanes ? lanes.length : 2 * T;
  for (let i = 0; i < count; i++) {
    const { which, t } = laneParameter(lanes ? lanes[i] : i);
    const theta = moved[which];
    const x = theta[t];
    theta[t] = round(round(x) + hr);
    const plus = roundedLoss(moved, round, t, states[t]);
    theta[t] = round(round(x) - hr);
    const minus = roundedLoss(moved, round, t, states[t]);
    theta[t] = x;
    g[which][t] = round(round(plus - minus) / twoH);
  }
  return g;
}

/**
 * The same differences in double precision by the plain sweep's faster path (its step inlined:
 * `perturbedLoss`), bit for bit what `roundedCentralDifferences` gives without rounding (a test
 * checks it).
 */
function plainCentralDifferences(params: ChainParams, states: Float64Array, h: number, lanes: ArrayLike<number>): GradientPair {
  const T = stepsOf(params);
  const g = { a: new Float64Array(T).fill(NaN), b: new Float64Array(T).fill(NaN) };
  const count = newEvaluationCount();
  for (let i = 0; i < lanes.length; i++) {
    const { which, t } = laneParameter(lanes[i]);
    g[which][t] = (perturbedLoss(params, states, which, t, h, count) - perturbedLoss(params, states, which, t, -h, count)) / (2 * h);
  }
  return g;
}

/** One h of the sweep in both precisions: RMS error against the exact (reverse-mode) gradient. */
export interface PrecisionPoint {
  eps: number;
  float64: number;
  float32: number;
}

/** Where a precision's sweep bottoms out: the best h and the error there. */
export interface PrecisionFloor {
  bestEps: number;
  /** RMS error at the best h. */
  floor: number;
  /** Largest error at the best h, relative to the largest gradient entry. */
  maxRelative: number;
  /** The central-difference gradient at the best h. */
  gradient: GradientPair;
}

/** The finite-difference V of the sweep over h in float64 and in float32, and where each bottoms out. */
export interface PrecisionSweep {
  sweep: PrecisionPoint[];
  float64: PrecisionFloor;
  float32: PrecisionFloor;
  /** The parameters compared, in lane order (a_t at 2t, b_t at 2t + 1): all 2T, or an even sample. */
  lanes: Int32Array;
  /** Loss evaluations each precision made (2 per parameter and h). */
  evaluations: number;
}

/** How much of the sweep to run: the h values, and at most how many parameters (evenly spaced) to difference. */
export interface PrecisionOptions {
  grid?: readonly number[];
  maxParameters?: number;
}

/** At most n of the 2T lanes, evenly spaced and including the first and last. */
export function sampledLanes(steps: number, n = Infinity): Int32Array {
  const P = 2 * steps;
  if (n >= P) return Int32Array.from({ length: P }, (_, j) => j);
  const k = Math.max(2, Math.floor(n));
  return Int32Array.from(new Set(Array.from({ length: k }, (_, i) => Math.round((i * (P - 1)) / (k - 1)))));
}

/** RMS and largest relative error over the chosen lanes (relative to the largest |exact| there). */
function laneError(g: GradientPair, exact: GradientPair, lanes: Int32Array): { rms: number; maxRelative: number } {
  let sum = 0;
  let worst = 0;
  let scale = 0;
  for (const j of lanes) {
    const { which, t } = laneParameter(j);
    const d = g[which][t] - exact[which][t];
    sum += d * d;
    worst = Number.isNaN(d) || Number.isNaN(worst) ? NaN : Math.max(worst, Math.abs(d));
    scale = Math.max(scale, Math.abs(exact[which][t]));
  }
  return { rms: Math.sqrt(sum / lanes.length), maxRelative: scale > 0 ? worst / scale : worst };
}

/**
 * The central-difference sweep over h (by default epsilonGrid: 1e-1 … 1e-12, every parameter)
 * computed once in double precision and once with every operation rounded to single precision
 * (Math.fround), each against the exact gradient. In float32 the rounding error ε₃₂·|L|/h, with
 * ε₃₂ ≈ 1.2e-7, meets the truncation error at a far larger h and a far higher floor than in
 * float64. Its cost grows as T² (each difference runs the chain on from the parameter's step),
 * so the app samples the parameters and the h values on long chains.
 */
export function precisionSweep(params: ChainParams, exact: GradientPair, options: PrecisionOptions = {}): PrecisionSweep {
  const T = stepsOf(params);
  const grid = options.grid ?? epsilonGrid();
  const lanes = sampledLanes(T, options.maxParameters);
  const states = evaluateStates(params);
  const sweep: PrecisionPoint[] = [];
  const best = { float64: null as PrecisionFloor | null, float32: null as PrecisionFloor | null };
  for (const eps of grid) {
    const point: PrecisionPoint = { eps, float64: NaN, float32: NaN };
    for (const name of ['float64', 'float32'] as const) {
      const gradient = name === 'float64' ? plainCentralDifferences(params, states, eps, lanes) : roundedCentralDifferences(params, eps, asFloat32, lanes);
      const e = laneError(gradient, exact, lanes);
      point[name] = e.rms;
      const b = best[name];
      if (Number.isFinite(e.rms) && (b === null || e.rms < b.floor)) best[name] = { bestEps: eps, floor: e.rms, maxRelative: e.maxRelative, gradient };
    }
    sweep.push(point);
  }
  const none = (): PrecisionFloor => ({ bestEps: NaN, floor: NaN, maxRelative: NaN, gradient: { a: new Float64Array(0), b: new Float64Array(0) } });
  return { sweep, float64: best.float64 ?? none(), float32: best.float32 ?? none(), lanes, evaluations: grid.length * 2 * lanes.length };
}
