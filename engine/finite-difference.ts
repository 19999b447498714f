import { advance, chainStepFloat, lossOf, stepsOf, type ChainParams } from './chain.ts';
import type { GradientPair } from './report.ts';

/** Double-precision machine epsilon, the unit of the rounding model. */
export const MACHINE_EPSILON = Number.EPSILON;

/** Counters of one batch of perturbed loss evaluations. */
export interface EvaluationCount {
  /** Loss evaluations. */
  evaluations: number;
  /** Chain steps they evaluated, reusing the stored prefix. */
  steps: number;
  /** Chain steps they would have evaluated each from x₀. */
  naiveSteps: number;
}

function newCount(): EvaluationCount {
  return { evaluations: 0, steps: 0, naiveSteps: 0 };
}

/**
 * L with one parameter moved by δ (a_t when `which` is 'a', else b_t). Steps 0 … t−1 do not
 * depend on it, so the run starts from the stored state x_t: T − t steps instead of T.
 */
export function perturbedLoss(
  params: ChainParams,
  states: Float64Array,
  which: 'a' | 'b',
  t: number,
  delta: number,
  count: EvaluationCount,
): number {
  const T = stepsOf(params);
  const a = which === 'a' ? params.a[t] + delta : params.a[t];
  const b = which === 'b' ? params.b[t] + delta : params.b[t];
  let x = chainStepFloat(t, states[t], a, b, params.c);
  x = advance(params, t + 1, T, x);
  count.evaluations++;
  count.steps += T - t;
  count.naiveSteps += T;
  return lossOf(x, params.target);
}

/** The states x_0 … x_T, counted as one loss evaluation of T steps. */
export function baseStates(params: ChainParams, count: EvaluationCount): Float64Array {
  const T = stepsOf(params);
  const states = new Float64Array(T + 1);
  states[0] = params.x0;
  advance(params, 0, T, params.x0, states);
  count.evaluations++;
  count.steps += T;
  count.naiveSteps += T;
  return states;
}

export interface CentralDifferenceResult extends GradientPair, EvaluationCount {
  loss: number;
  /** Full-chain work units: loss evaluations (1 + 2P). */
  workUnits: number;
}

/**
 * The central-difference gradient (L(θ + h·e_j) − L(θ − h·e_j)) / 2h for every parameter:
 * one base evaluation (the loss and the stored prefix x_0 … x_T) and 2P perturbed ones, each
 * starting from the stored state before the parameter it moves.
 */
export function centralDifferenceGradient(params: ChainParams, h: number): CentralDifferenceResult {
  const count = newCount();
  const states = baseStates(params, count);
  const g = centralDifferencesFrom(params, states, h, count);
  return { loss: lossOf(states[stepsOf(params)], params.target), ...g, ...count, workUnits: count.evaluations };
}

/** The 2P perturbed evaluations of a central-difference gradient, from given base states. */
export function centralDifferencesFrom(
  params: ChainParams,
  states: Float64Array,
  h: number,
  count: EvaluationCount,
): GradientPair {
  const T = stepsOf(params);
  const ga = new Float64Array(T);
  const gb = new Float64Array(T);
  for (let t = 0; t < T; t++) {
    ga[t] = (perturbedLoss(params, states, 'a', t, h, count) - perturbedLoss(params, states, 'a', t, -h, count)) / (2 * h);
    gb[t] = (perturbedLoss(params, states, 'b', t, h, count) - perturbedLoss(params, states, 'b', t, -h, count)) / (2 * h);
  }
  return { a: ga, b: gb };
}

/** RMS of |approx − exact| and its largest entry relative to the largest |exact|. */
export function gradientError(approx: GradientPair, exact: GradientPair): { rms: number; maxRelative: number; maxAbsolute: number } {
  const T = exact.a.length;
  let sum = 0;
  let maxAbs = 0;
  let scale = 0;
  for (let t = 0; t < T; t++) {
    const da = approx.a[t] - exact.a[t];
    const db = approx.b[t] - exact.b[t];
    sum += da * da + db * db;
    maxAbs = Math.max(maxAbs, Math.abs(da), Math.abs(db));
    scale = Math.max(scale, Math.abs(exact.a[t]), Math.abs(exact.b[t]));
    if (Number.isNaN(da) || Number.isNaN(db)) maxAbs = NaN;
  }
  const rms = Math.sqrt(sum / (2 * T));
  return { rms, maxAbsolute: maxAbs, maxRelative: scale > 0 ? maxAbs / scale : maxAbs };
}

/**
 * The h values of the sweep: 1, 5 and 2 in each decade from `largest` down to `smallest`
 * (1e-1, 5e-2, 2e-2, 1e-2, … 1e-12 by default: 34 points, three a decade).
 */
export function epsilonGrid(largestExponent = -1, smallestExponent = -12): number[] {
  const grid: number[] = [];
  for (let e = largestExponent; e >= smallestExponent; e--) {
    grid.push(Number(`1e${e}`));
    if (e > smallestExponent) grid.push(Number(`5e${e - 1}`), Number(`2e${e - 1}`));
  }
  return grid;
}

/**
 * ∂³L/∂θ_j³ for every parameter by the five-point stencil
 * (L(θ+2h) − 2L(θ+h) + 2L(θ−h) − L(θ−2h)) / 2h³ at h = 1e-3: the curvature the truncation
 * model needs. Its own truncation error is O(h²·L⁽⁵⁾) and its rounding error about
 * ε|L|/h³ ≈ 1e-7·|L|. At T = 200 the loss bends on scales near 1e-2, where a stencil of that
 * width underestimates L‴ by half; at 1e-3 it has converged to three digits.
 */
export function thirdDerivatives(params: ChainParams, states: Float64Array, count: EvaluationCount): GradientPair {
  const T = stepsOf(params);
  const h = 1e-3;
  const out = { a: new Float64Array(T), b: new Float64Array(T) };
  for (const which of ['a', 'b'] as const) {
    for (let t = 0; t < T; t++) {
      const f = (d: number) => perturbedLoss(params, states, which, t, d, count);
      out[which][t] = (f(2 * h) - 2 * f(h) + 2 * f(-h) - f(-2 * h)) / (2 * h * h * h);
    }
  }
  return out;
}

export { newCount as newEvaluationCount };
