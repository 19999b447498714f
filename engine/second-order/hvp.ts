import { chainLoss, stepsOf, wobbleRate, STEP_PROGRAM, type ChainParams } from '../chain.ts';
import { reverseGradient } from '../reverse.ts';
import type { GradientPair } from '../report.ts';
import { mulberry32 } from '../tensor/matrix.ts';
import { DualTape, BYTES_PER_DUAL_NODE } from './dual-tape.ts';

/** Numbers each value of the dual tape carries: the value and one tangent (forward mode's 1 + P with P = 1). */
const DUAL_LANES = 2;

/** H·v of the chain's loss over θ = (a, b), with the gradient the same sweep gives. */
export interface ChainHvp {
  loss: number;
  /** ∇L: dL/da_t and dL/db_t. */
  gradient: GradientPair;
  /** (H v): Σ_j ∂²L/∂θ_i∂θ_j · v_j for θ_i = a_t and b_t. */
  hvp: GradientPair;
  /** Nodes recorded on the dual tape (the same count as the plain tape's). */
  tapeNodes: number;
  /** Bytes those nodes hold on the dual tape (BYTES_PER_DUAL_NODE each). */
  tapeBytes: number;
  /** Chain steps recorded (each on dual numbers). */
  stepEvaluations: number;
  /** Nodes the dual sweep visited. */
  sweptNodes: number;
  /**
   * Passes, counted as forward mode counts them: a run over the chain whose values each carry
   * k tangents is k + 1 passes. One recording and one sweep, each on dual numbers (a value and
   * one tangent): 2 runs, 2 · 2 = 4 passes, against a gradient's 2. `bench` prints the measured
   * time against one gradient: it differs from the count.
   */
  workUnits: number;
}

/**
 * The Hessian-vector product of L = ½(x_T − y)² along v = (va, vb) by forward over reverse:
 * the chain (its traced step, STEP_PROGRAM) recorded on a dual tape with a_t, b_t moving at
 * speeds va[t], vb[t], then one reverse sweep in dual numbers. One pass gives ∇L and H·v.
 */
export function chainHvp(params: ChainParams, direction: GradientPair, tape?: DualTape): ChainHvp {
  const T = stepsOf(params);
  if (direction.a.length !== T || direction.b.length !== T) {
    throw new RangeError(`the direction has ${direction.a.length} + ${direction.b.length} entries; the chain has ${T} + ${T} parameters`);
  }
  tape ??= new DualTape(2 + T * (2 + STEP_PROGRAM.op.length) + 3);
  tape.length = 0;
  const c = tape.leaf(params.c);
  let x = tape.leaf(params.x0);
  const aIds = new Int32Array(T);
  const bIds = new Int32Array(T);
  const regs = new Int32Array(STEP_PROGRAM.inputs + STEP_PROGRAM.op.length);
  let stepEvaluations = 0;
  for (let t = 0; t < T; t++) {
    aIds[t] = tape.leaf(params.a[t], direction.a[t]);
    bIds[t] = tape.leaf(params.b[t], direction.b[t]);
    regs[0] = x;
    regs[1] = aIds[t];
    regs[2] = bIds[t];
    regs[3] = c;
    x = tape.replay(STEP_PROGRAM, regs, [wobbleRate(t)]);
    stepEvaluations++;
  }
  const loss = chainLoss(tape, x, params.target);
  tape.backward(loss);
  const gradient = { a: new Float64Array(T), b: new Float64Array(T) };
  const hvp = { a: new Float64Array(T), b: new Float64Array(T) };
  for (let t = 0; t < T; t++) {
    gradient.a[t] = tape.adjoint(aIds[t]);
    gradient.b[t] = tape.adjoint(bIds[t]);
    hvp.a[t] = tape.adjointTangent(aIds[t]);
    hvp.b[t] = tape.adjointTangent(bIds[t]);
  }
  const recorded = tape.length;
  return {
    loss: tape.value(loss),
    gradient,
    hvp,
    tapeNodes: recorded,
    tapeBytes: recorded * BYTES_PER_DUAL_NODE,
    stepEvaluations,
    sweptNodes: tape.lastSweepNodes,
    workUnits: DUAL_LANES * (stepEvaluations / T + tape.lastSweepNodes / recorded),
  };
}

/** How to choose v: all ones, the unit vector of parameter I, or a seeded random direction. */
export type DirectionSpec = { kind: 'ones' } | { kind: 'basis'; index: number } | { kind: 'seed'; seed: number };

/**
 * The direction v over θ = (a_0, b_0, a_1, b_1, …) (index 2t is a_t, 2t + 1 is b_t, forward
 * mode's lane order): ones, e_I, or entries uniform in [−1, 1) from mulberry32(seed).
 */
export function directionOf(spec: DirectionSpec, steps: number): GradientPair {
  const a = new Float64Array(steps);
  const b = new Float64Array(steps);
  if (spec.kind === 'ones') {
    a.fill(1);
    b.fill(1);
  } else if (spec.kind === 'basis') {
    if (!Number.isInteger(spec.index) || spec.index < 0 || spec.index >= 2 * steps) {
      throw new RangeError(`basis index ${spec.index} is outside 0 … ${2 * steps - 1}`);
    }
    (spec.index % 2 === 0 ? a : b)[Math.floor(spec.index / 2)] = 1;
  } else {
    const rand = mulberry32(spec.seed);
    for (let t = 0; t < steps; t++) {
      a[t] = 2 * rand() - 1;
      b[t] = 2 * rand() - 1;
    }
  }
  return { a, b };
}

/** The central-difference check of H·v: (∇L(θ + h v) − ∇L(θ − h v)) / 2h from two reverse sweeps. */
export interface HvpCheck {
  /** The step h along v. */
  h: number;
  finiteDifference: GradientPair;
  /** max_i |fd_i − (Hv)_i| / max_i |(Hv)_i|. */
  maxRelative: number;
  /** max_i |fd_i − (Hv)_i|. */
  maxDifference: number;
  /**
   * The smallest entry the differences can tell from 0 at this h (`hvpResolution`): rounding,
   * ε·max|∇L|/h (each gradient is good to about ε of its size, and the difference divides by 2h),
   * plus truncation, read as how far the differences moved from the next larger step to h.
   */
  resolution: number;
  /** Whether max|H·v| is above `resolution`: only then does `maxRelative` measure an error. */
  resolved: boolean;
}

/** Machine epsilon of a float64: the gap between 1 and the next float. */
const EPSILON = 2 ** -52;

/**
 * What central differences of the gradient can resolve at step h: ε·max|∇L|/h for the rounding
 * of the two gradients they subtract, plus `truncation` (an estimate of the h² error). An H·v whose
 * entries are all below it cannot be checked this way: the differences read noise, or 0.
 */
export const hvpResolution = (gradientMax: number, h: number, truncation: number): number => (EPSILON * gradientMax) / h + truncation;

/** The steps `checkHvp` tries along v, three a decade from 1e-2 to 1e-8 (before scaling by 1/max|v_j|). */
export const HVP_CHECK_STEPS = [1e-2, 5e-3, 2e-3, 1e-3, 5e-4, 2e-4, 1e-4, 5e-5, 2e-5, 1e-5, 5e-6, 2e-6, 1e-6, 5e-7, 2e-7, 1e-7, 5e-8, 2e-8, 1e-8];

/** (∇L(θ + h v) − ∇L(θ − h v)) / 2h, from two plain reverse sweeps. */
export function gradientDifference(params: ChainParams, direction: GradientPair, h: number): GradientPair {
  const T = stepsOf(params);
  const moved = (sign: number): ChainParams => ({
    ...params,
    a: params.a.map((v, t) => v + sign * h * direction.a[t]),
    b: params.b.map((v, t) => v + sign * h * direction.b[t]),
  });
  // reverseGradient hands out fresh arrays, so the first result survives the second call.
  const plus = reverseGradient(moved(1));
  const minus = reverseGradient(moved(-1));
  const fd = { a: new Float64Array(T), b: new Float64Array(T) };
  for (let t = 0; t < T; t++) {
    fd.a[t] = (plus.a[t] - minus.a[t]) / (2 * h);
    fd.b[t] = (plus.b[t] - minus.b[t]) / (2 * h);
  }
  return fd;
}

function maxDifference(x: GradientPair, y: GradientPair): number {
  let m = 0;
  for (let t = 0; t < x.a.length; t++) m = Math.max(m, Math.abs(x.a[t] - y.a[t]), Math.abs(x.b[t] - y.b[t]));
  return m;
}

/**
 * H·v by central differences of the reverse-mode gradient (an independent method: no dual
 * numbers, two plain tape sweeps a step), compared with `hvp`. Without a step, h is chosen from
 * HVP_CHECK_STEPS (divided by max|v_j|) as the one whose difference agrees best with the
 * difference at h/2 — an estimate of its own error that never looks at `hvp`.
 */
export function checkHvp(params: ChainParams, direction: GradientPair, hvp: GradientPair, step?: number): HvpCheck {
  const T = stepsOf(params);
  let vMax = 0;
  for (let t = 0; t < T; t++) vMax = Math.max(vMax, Math.abs(direction.a[t]), Math.abs(direction.b[t]));
  const scale = 1 / Math.max(vMax, Number.MIN_VALUE);
  let h = (step ?? HVP_CHECK_STEPS[0]) * scale;
  let fd = gradientDifference(params, direction, h);
  // How far the differences moved between two steps: the estimate of their error at h.
  let moved: number;
  if (step === undefined) {
    let best = Infinity;
    let previous = fd;
    for (const s of HVP_CHECK_STEPS.slice(1)) {
      const next = gradientDifference(params, direction, s * scale);
      const disagreement = maxDifference(previous, next);
      if (disagreement < best) {
        best = disagreement;
        h = s * scale;
        fd = next;
      }
      previous = next;
    }
    moved = best;
  } else {
    moved = maxDifference(fd, gradientDifference(params, direction, h / 2));
  }
  let size = 0;
  for (let t = 0; t < T; t++) size = Math.max(size, Math.abs(hvp.a[t]), Math.abs(hvp.b[t]));
  const worst = maxDifference(fd, hvp);
  const g = reverseGradient(params);
  let gradientMax = 0;
  for (let t = 0; t < T; t++) gradientMax = Math.max(gradientMax, Math.abs(g.a[t]), Math.abs(g.b[t]));
  const resolution = hvpResolution(gradientMax, h, Number.isFinite(moved) ? moved : 0);
  return { h, finiteDifference: fd, maxRelative: size > 0 ? worst / size : worst, maxDifference: worst, resolution, resolved: size > resolution };
}
