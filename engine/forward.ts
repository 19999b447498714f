import { chainLoss, stepsOf, wobbleRate, STEP_PROGRAM, type ChainParams } from './chain.ts';
import { runProgram } from './program.ts';
import { dualArith, DualVecArith, type Dual, type DualVec } from './dual.ts';
import type { ChainGradient } from './fused.ts';

/** Direction index of a_t among the P = 2T parameters θ = (a_0, b_0, a_1, b_1, …). */
export function laneOfA(t: number): number {
  return 2 * t;
}

/** Direction index of b_t. */
export function laneOfB(t: number): number {
  return 2 * t + 1;
}

export interface ForwardResult extends ChainGradient {
  /** dx_t/dθ_j, row-major (T+1) × P, when requested. */
  tangents: Float64Array | null;
  /** Chain steps evaluated (each carrying the primal and every tangent lane). */
  stepEvaluations: number;
  /** Tangent lanes carried through each step. */
  lanes: number;
  /** Full-chain work units: Σ over steps of (1 primal + lanes tangents), divided by T. */
  workUnits: number;
}

/**
 * The whole gradient by forward mode in one vector pass: a_t enters with tangent e_{2t} and b_t
 * with e_{2t+1}, every primitive updates all P lanes, and the loss's tangent lanes are dL/dθ.
 * Costs P + 1 chain evaluations' worth of arithmetic, where reverse mode costs 2.
 */
export function forwardGradient(params: ChainParams, options: { recordTangents?: boolean } = {}): ForwardResult {
  const T = stepsOf(params);
  const P = 2 * T;
  const ar = new DualVecArith(P);
  const tangents = options.recordTangents ? new Float64Array((T + 1) * P) : null;
  const c = ar.constant(params.c);
  let x = ar.constant(params.x0);
  let laneSteps = 0;
  let stepEvaluations = 0;
  // The chain's step, as its traced program (see STEP_PROGRAM in chain.ts for why).
  const regs: DualVec[] = [];
  for (let t = 0; t < T; t++) {
    const a = ar.variable(params.a[t], laneOfA(t));
    const b = ar.variable(params.b[t], laneOfB(t));
    regs[0] = x;
    regs[1] = a;
    regs[2] = b;
    regs[3] = c;
    x = runProgram(ar, STEP_PROGRAM, regs, [wobbleRate(t)]);
    stepEvaluations++;
    laneSteps += 1 + ar.lanes;
    if (tangents) tangents.set(x.d, (t + 1) * P);
    ar.recycle([x, c]);
  }
  const loss = chainLoss(ar, x, params.target);
  const ga = new Float64Array(T);
  const gb = new Float64Array(T);
  for (let t = 0; t < T; t++) {
    ga[t] = loss.d[laneOfA(t)];
    gb[t] = loss.d[laneOfB(t)];
  }
  return {
    loss: loss.v,
    a: ga,
    b: gb,
    tangents,
    stepEvaluations,
    lanes: P,
    workUnits: laneSteps / T,
  };
}

/**
 * One directional derivative dL/dθ · v by scalar dual numbers, for a direction given as
 * tangents of each a_t and b_t. With v = e_j it is one component of the gradient.
 */
export function forwardDirectional(params: ChainParams, va: ArrayLike<number>, vb: ArrayLike<number>): Dual {
  const T = stepsOf(params);
  const c = dualArith.constant(params.c);
  let x: Dual = dualArith.constant(params.x0);
  const regs: Dual[] = [];
  for (let t = 0; t < T; t++) {
    regs[0] = x;
    regs[1] = { v: params.a[t], d: va[t] };
    regs[2] = { v: params.b[t], d: vb[t] };
    regs[3] = c;
    x = runProgram(dualArith, STEP_PROGRAM, regs, [wobbleRate(t)]);
  }
  return chainLoss(dualArith, x, params.target);
}
