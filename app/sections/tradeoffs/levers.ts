/**
 * The four levers of "What frameworks hide": the truncation window K, fused or not, saved or
 * recomputed, and the number M of output states. Each has a key in the URL hash.
 */
export interface Levers {
  /** K: the sweep stops at x_{T−K} (0 … T). */
  window: number;
  /** Each step one fused node (true) or twelve primitives (false). */
  fused: boolean;
  /** Each step's intermediates saved for the sweep (true) or recomputed in it (false). */
  saved: boolean;
  /** M: the Jacobian of the last M states (1 … T). */
  outputs: number;
  /** N: over the first N of (x₀, c, a₀, b₀, …) (1 … P + 2; above, all of them). */
  inputs: number;
}

/** N's default stands for "all P + 2 inputs" at any length. */
export const ALL_INPUTS = 1_000_000;

export const LEVER_DEFAULTS: Readonly<Levers> = Object.freeze({ window: 10, fused: false, saved: true, outputs: 5, inputs: ALL_INPUTS });

/** The levers as used with a chain of `steps` steps: K at most T, M from 1 to T. */
export function effectiveLevers(levers: Levers, steps: number): Levers {
  return {
    ...levers,
    window: Math.min(Math.max(0, levers.window), steps),
    outputs: Math.min(Math.max(1, levers.outputs), steps),
    inputs: Math.min(Math.max(1, levers.inputs), 2 * steps + 2),
  };
}

export function sameLevers(a: Levers, b: Levers): boolean {
  return a.window === b.window && a.fused === b.fused && a.saved === b.saved && a.outputs === b.outputs && a.inputs === b.inputs;
}
