/**
 * Which M the Jacobian's timing curve can afford. Timing a pair (forward and reverse mode at one
 * M) calls each side at least minRounds + 1 times (a warm-up call and the rounds), so the curve
 * costs the sum over its points of (minRounds + 1)·(forward + reverse(M)), or the pair's budget
 * when that is longer. One call of each side, timed at the largest reverse case (M = T), gives the
 * times: forward mode's does not depend on M (P + 1 chain runs), reverse mode's grows as its work
 * 1 + M. At T = 1000 a forward call takes about 0.3 s, so the sixteen points of the curve would
 * take half a minute: the points are thinned until the estimate fits, the chosen M always kept.
 */
import { RUN_BUDGET_MS } from '../limits.ts';
import { sampledOutputs } from './sampled-outputs.ts';

/** One call of each side, timed: forward at any M, reverse at M = T. */
export interface JacobianCallTimes {
  forwardMs: number;
  reverseAtStepsMs: number;
}

/** Past this many milliseconds the estimate stops timing calls again (a fifth of the allowance). */
export const ESTIMATE_MS = RUN_BUDGET_MS / 5;

/**
 * Milliseconds of one call of each function, the fastest of up to three, the functions called in
 * turn. A first call may be slow for reasons of its own (the JIT has not compiled it yet, or a
 * busy machine paused the thread: at T = 40 one call once measured 100 ms instead of 0.3, and the
 * curve was thinned to one point), so the calls are repeated while less than `capMs` has passed
 * since the start. Slow calls are not: at T = 1000 one call of each side takes about 0.23 s,
 * already past the cap.
 */
export function fastestCallMs(fns: readonly (() => unknown)[], capMs = ESTIMATE_MS, now: () => number = () => performance.now()): number[] {
  const best = fns.map(() => Infinity);
  const start = now();
  for (let round = 0; round < 3; round++) {
    fns.forEach((fn, k) => {
      if (round > 0 && now() - start >= capMs) return;
      const t0 = now();
      fn();
      best[k] = Math.min(best[k], now() - t0);
    });
  }
  return best;
}

/** The points to time, each with its rounds, and what the points left out would have cost. */
export interface JacobianPlan {
  points: { outputs: number; minRounds: number }[];
  /** The sampled M not timed, and the estimated milliseconds of timing them; null when all are timed. */
  skipped: { outputs: number[]; ms: number } | null;
  /** The estimated milliseconds of the points that are timed. */
  ms: number;
}

/** The rounds a pair of cheap calls gets at least (see SLOW_PAIR_MS). */
export const CHEAP_PAIR_ROUNDS = 9;

/**
 * A pair whose calls take longer than this gets 2 rounds instead of CHEAP_PAIR_ROUNDS. Nine: each time shown is
 * the time at the machine's typical speed, a median of each function's readings
 * (`alternatedMicroseconds`), and a median of nine is not moved by the few batches that a
 * burst of the machine's speed or a pause caught.
 */
const SLOW_PAIR_MS = 20;

/** Estimated milliseconds of timing the pair at M, and the rounds it gets. */
export function pairCost(m: number, steps: number, calls: JacobianCallTimes, budgetMs: number): { ms: number; minRounds: number } {
  const call = calls.forwardMs + (calls.reverseAtStepsMs * (1 + m)) / (1 + steps);
  const minRounds = call > SLOW_PAIR_MS ? 2 : CHEAP_PAIR_ROUNDS;
  return { ms: Math.max(1.25 * budgetMs, (minRounds + 1) * call), minRounds };
}

/**
 * The densest sampling of M (16 points down to the chosen M alone) whose estimate fits in
 * `allowanceMs` (by default a second, or the pairs' own budgets when they ask for longer).
 */
export function planJacobianTimings(steps: number, outputs: number, calls: JacobianCallTimes, budgetMs: number, allowanceMs?: number): JacobianPlan {
  const full = sampledOutputs(steps, outputs);
  const allowance = allowanceMs ?? Math.max(RUN_BUDGET_MS, 1.25 * budgetMs * full.length);
  const costOf = (ms: number[]) => full.reduce((sum, m) => (ms.includes(m) ? sum : sum + pairCost(m, steps, calls, budgetMs).ms), 0);
  for (let n = Math.min(16, full.length); n >= 1; n--) {
    const chosen = n === 1 ? [outputs] : sampledOutputs(steps, outputs, n);
    const points = chosen.map((m) => ({ outputs: m, minRounds: pairCost(m, steps, calls, budgetMs).minRounds }));
    const ms = chosen.reduce((sum, m) => sum + pairCost(m, steps, calls, budgetMs).ms, 0);
    if (ms <= allowance || n === 1) {
      const left = full.filter((m) => !chosen.includes(m));
      return { points, ms, skipped: left.length === 0 ? null : { outputs: left, ms: costOf(chosen) } };
    }
  }
  throw new Error('unreachable: the chosen M alone is always a plan');
}
