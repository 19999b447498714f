import { describe, expect, it } from 'vitest';
import { BENCH_CALL_BUDGET_MS, benchAt, benchSkips, probeQuadratic, QUADRATIC_METHODS, skippedText } from '../../cli/bench.ts';
import { SILENT } from '../../cli/progress.ts';
import { PROBE_STEPS } from '../../engine/index.ts';

describe('bench bounds a long chain as run does: the T² methods estimated first, left out past the budget', () => {
  // Measured once on this machine: what one call of each T² method takes at PROBE_STEPS.
  const probe = probeQuadratic();

  it('times everything up to the probe’s length, where it just ran them', () => {
    for (const T of [1, 40, 200, PROBE_STEPS]) expect(benchSkips(T, probe)).toEqual([]);
  });

  it('at 100,000 steps leaves out forward mode and the sweep, each with an estimate past the budget', () => {
    const skipped = benchSkips(100_000, probe);
    expect(skipped.map((s) => s.method)).toEqual([...QUADRATIC_METHODS]);
    for (const s of skipped) {
      expect(s.fromSteps).toBe(PROBE_STEPS);
      expect(s.estimatedMsPerCall).toBeCloseTo(probe[s.method] * (100_000 / PROBE_STEPS) ** 2, 6);
      expect(s.estimatedMsPerCall).toBeGreaterThan(BENCH_CALL_BUDGET_MS);
      expect(skippedText(s, 100_000)).toMatch(new RegExp(`^${s.method} not timed at T = 100000: one call would take ≈ [\\d.]+ (s|min|h) .*estimated from a call at ${PROBE_STEPS} steps scaled by T²$`));
    }
  });

  it('at 5,000 steps leaves out the sweep over h (34 central-difference gradients a call)', () => {
    expect(benchSkips(5000, probe).map((s) => s.method)).toContain('finiteDifferenceSweep');
  });

  it('a method left out is not timed: its timing and ratio are null, the others are measured', () => {
    const skipped = benchSkips(300, probe, 0);
    expect(skipped.map((s) => s.method)).toEqual([...QUADRATIC_METHODS]);
    const row = benchAt(300, 10, SILENT, skipped);
    for (const m of QUADRATIC_METHODS) {
      expect(row.timings[m]).toBeNull();
      expect(row.ratios[m]).toBeNull();
    }
    for (const m of ['evaluate', 'fusedAdjoint', 'tapeReverse', 'hvp']) expect(row.timings[m]).toBeGreaterThan(0);
    expect(row.skipped).toEqual(skipped);
  });
});
