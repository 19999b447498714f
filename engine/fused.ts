import { WOBBLE_AMPLITUDE, WOBBLE_RATE, stepsOf, type ChainParams } from './chain.ts';

/** A gradient of the chain: dL/da_t and dL/db_t for every step, and the loss. */
export interface ChainGradient {
  loss: number;
  a: Float64Array;
  b: Float64Array;
}

/**
 * The chain's adjoint written out by hand, with no tape: the forward pass keeps x_t and
 * tanh(a_t·x_t + b_t), the backward pass applies the step's partials directly.
 *
 *   ∂φ/∂x = a·(1 − s²) + c·(1 − x²)/(1 + x²)² + 0.025·0.11(t+1)·cos(0.11(t+1)·x)
 *   ∂φ/∂a = x·(1 − s²),   ∂φ/∂b = 1 − s²,   s = tanh(a·x + b)
 *
 * It is the floor any tape pays (the benchmark compares against it) and an independent check
 * of the tape in the tests. `work` buffers may be passed to avoid allocating.
 */
export function fusedAdjoint(
  params: ChainParams,
  work?: { states: Float64Array; squash: Float64Array },
): ChainGradient & { adjoint: Float64Array } {
  const T = stepsOf(params);
  const { a, b, c } = params;
  const states = work?.states ?? new Float64Array(T + 1);
  const squash = work?.squash ?? new Float64Array(T);
  let x = params.x0;
  states[0] = x;
  for (let t = 0; t < T; t++) {
    const s = Math.tanh(a[t] * x + b[t]);
    squash[t] = s;
    const k = WOBBLE_RATE * (t + 1);
    x = s + (c * x) / (x * x + 1) + WOBBLE_AMPLITUDE * Math.sin(k * x);
    states[t + 1] = x;
  }
  const r = x - params.target;
  const loss = 0.5 * r * r;
  const ga = new Float64Array(T);
  const gb = new Float64Array(T);
  const adjoint = new Float64Array(T + 1);
  let g = r;
  adjoint[T] = g;
  for (let t = T - 1; t >= 0; t--) {
    const xt = states[t];
    const s = squash[t];
    const ds = 1 - s * s;
    const q = xt * xt + 1;
    const k = WOBBLE_RATE * (t + 1);
    ga[t] = g * ds * xt;
    gb[t] = g * ds;
    g *= a[t] * ds + (c * (1 - xt * xt)) / (q * q) + WOBBLE_AMPLITUDE * k * Math.cos(k * xt);
    adjoint[t] = g;
  }
  return { loss, a: ga, b: gb, adjoint };
}
