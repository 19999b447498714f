import { describe, expect, it } from 'vitest';
import { BENCH_CALL_BUDGET_MS, benchAt, benchSkips, probeQuadratic, QUADRATIC_METHODS, skippedText } from '../../cli/bench.ts';
import { SILENT } from '../../cli/progress.ts';
import { PROBE_STEPS } from '../../engine/index.ts';

describe('bench bounds a long chain as run does: the T² methods estimated first, left out past the budget', () => {
  // One call of each at PROBE_STEPS, in the orders measured here (forward mode 15–54 ms, the
  // sweep 100–330 ms): given, so the plan below is the same on any machine.
  const probe = { forwardVector: 20, finiteDifferenceSweep: 200 };

  it('times everything up to the probe’s length, where it just ran them, and at the default 1,000 steps', () => {
    for (const T of [1, 40, 200, PROBE_STEPS, 1000]) expect(benchSkips(T, probe)).toEqual([]);
  });

  it('at 5,000 steps leaves out the sweep (its call scaled by T² passes the budget), and at 100,000 both', () => {
    const scaled = (ms: number, T: number) => ms * (T / PROBE_STEPS) ** 2;
    expect(scaled(probe.forwardVector, 5000)).toBeLessThan(BENCH_CALL_BUDGET_MS);
    expect(benchSkips(5000, probe)).toEqual([{ method: 'finiteDifferenceSweep', estimatedMsPerCall: scaled(200, 5000), fromSteps: PROBE_STEPS }]);
    const skipped = benchSkips(100_000, probe);
    expect(skipped.map((s) => s.method)).toEqual([...QUADRATIC_METHODS]);
    expect(skipped[0].estimatedMsPerCall).toBeCloseTo(scaled(20, 100_000), 6);
    // 20 ms × (100,000 / 256)² ≈ 51 min a call; a timing is six calls.
    expect(skippedText(skipped[0], 100_000)).toBe(
      `forwardVector not timed at T = 100000: one call would take ≈ 51 min and a timing six calls at least (≈ 5.1 h), estimated from a call at ${PROBE_STEPS} steps scaled by T²`,
    );
  });

  it('the probe runs each T² method at its length and keeps the faster of two calls', () => {
    // A clock read twice a call: the calls take 7 and 5 ticks, then 9 and 3.
    const readings = [0, 7, 10, 15, 20, 29, 30, 33];
    let i = 0;
    expect(probeQuadratic(() => readings[i++])).toEqual({ forwardVector: 5, finiteDifferenceSweep: 3 });
    expect(i).toBe(readings.length);
  });

  it('a method left out is not timed: its timing and ratio are null, the others are measured', () => {
    const skipped = benchSkips(300, probe, 0);
    expect(skipped.map((s) => s.method)).toEqual([...QUADRATIC_METHODS]);
    const row = benchAt(300, 10, SILENT, skipped);
    for (const m of QUADRATIC_METHODS) {
      expect(row.timings[m]).toBeNull();
      expect(row.ratios[m]).toBeNull();
    }
    for (const m of ['evaluate', 'fusedAdjoint', 'tapeReverse', 'hvp']) expect(row.timings[m]).toEqual(expect.any(Number));
    expect(row.skipped).toEqual(skipped);
  });
});
