import { describe, expect, it } from 'vitest';
import { ESTIMATE_MS, fastestCallMs, pairCost, planJacobianTimings } from '../../../engine/tradeoffs/jacobian-plan.ts';
import { sampledOutputs } from '../../../engine/tradeoffs/sampled-outputs.ts';

describe('the Jacobian curve’s plan', () => {
  it('times every sampled M when the calls are quick', () => {
    const plan = planJacobianTimings(40, 5, { forwardMs: 0.01, reverseAtStepsMs: 0.01 }, 50);
    expect(plan.points.map((p) => p.outputs)).toEqual(sampledOutputs(40, 5));
    expect(plan.skipped).toBeNull();
    // Each pair costs its budget and a quarter (the warm-up): 17 × 62.5 ms.
    expect(plan.ms).toBe(17 * 62.5);
  });

  it('thins the curve of a long chain to what fits, keeps the chosen M, and prices what it left out', () => {
    // T = 1000: a forward call 300 ms, a reverse one at M = T 400 ms (measured orders of size).
    const calls = { forwardMs: 300, reverseAtStepsMs: 400 };
    const plan = planJacobianTimings(1000, 5, calls, 50);
    expect(plan.points).toEqual([{ outputs: 5, minRounds: 2 }]);
    // Hand-derived: the pair at M costs 3 · (300 + 400 · (1 + M)/1001) ms.
    expect(pairCost(1000, 1000, calls, 50).ms).toBeCloseTo(3 * 700, 9);
    const left = sampledOutputs(1000, 5).filter((m) => m !== 5);
    expect(plan.skipped?.outputs).toEqual(left);
    const expected = left.reduce((sum, m) => sum + 3 * (300 + (400 * (1 + m)) / 1001), 0);
    expect(plan.skipped?.ms).toBeCloseTo(expected, 6);
  });

  it('keeps as many points as a second affords', () => {
    // 30 ms a call: each pair 3 · 30 = 90 ms… with reverse nearly free, at most 11 pairs fit.
    const plan = planJacobianTimings(1000, 5, { forwardMs: 30, reverseAtStepsMs: 0 }, 10);
    expect(plan.ms).toBeLessThanOrEqual(1000);
    expect(plan.points.length).toBe(11);
    expect(plan.points.map((p) => p.outputs)).toContain(5);
  });
});

describe('the estimate’s one call of each side', () => {
  /** A clock that moves only by what each call says it took. */
  function clocked(durations: number[][]) {
    let t = 0;
    const calls = durations.map(() => 0);
    const fns = durations.map((d, k) => () => (t += d[calls[k]++]));
    return { fns, calls, now: () => t };
  }

  it('times a call cut short by the machine again: the fastest of three counts', () => {
    // T = 40: forward's first call paused for 100 ms, the others a quarter of a millisecond; reverse an eighth.
    const { fns, calls, now } = clocked([
      [100, 0.25, 0.25],
      [0.125, 0.125, 0.125],
    ]);
    expect(fastestCallMs(fns, ESTIMATE_MS, now)).toEqual([0.25, 0.125]);
    expect(calls).toEqual([3, 3]);
  });

  it('does not repeat calls that are slow already: one each past the cap', () => {
    // T = 1000: forward 130 ms, reverse at M = T 100 ms.
    const { fns, calls, now } = clocked([
      [130, 130, 130],
      [100, 100, 100],
    ]);
    expect(fastestCallMs(fns, ESTIMATE_MS, now)).toEqual([130, 100]);
    expect(calls).toEqual([1, 1]);
  });
});
