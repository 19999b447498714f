import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultParams, stepsOf } from '../../../engine/chain.ts';
import { maxDifference, primitiveGradient } from '../../../engine/tradeoffs/fusion.ts';
import { recomputedGradient, savedGradient } from '../../../engine/tradeoffs/recompute.ts';
import { constantsArb } from './reference.ts';

describe('saving or recomputing a step', () => {
  it('both give the primitive tape’s gradient and loss bit for bit', () => {
    for (const T of [1, 2, 40, 200]) {
      const p = defaultParams(T);
      const prim = primitiveGradient(p);
      for (const run of [savedGradient(p), recomputedGradient(p)]) {
        expect(maxDifference(run, prim)).toBe(0);
        expect(run.loss).toBe(prim.loss);
      }
    }
  });

  it('saving holds T one-step tapes (640T + 120 bytes) for T step evaluations', () => {
    for (const T of [1, 3, 40, 200]) {
      const s = savedGradient(defaultParams(T));
      expect(s.stepEvaluations).toBe(T);
      expect(s.recomputedSteps).toBe(0);
      expect(s.peakTapes).toBe(T);
      // 16 nodes (x_t, a_t, b_t, c and twelve primitives) a step, 3 more for the loss, 40 bytes each.
      expect(s.bytes).toBe(16 * 40 * T + 3 * 40);
    }
  });

  it('recomputing holds T states and one tape (8T + 760 bytes) for 2T step evaluations', () => {
    for (const T of [1, 3, 40, 200]) {
      const r = recomputedGradient(defaultParams(T));
      expect(r.stepEvaluations).toBe(2 * T);
      expect(r.recomputedSteps).toBe(T);
      expect(r.peakTapes).toBe(1);
      expect(r.bytes).toBe(8 * T + 19 * 40);
    }
  });

  it('property: over random c, x₀, y both sides agree bit for bit and keep their counts', () => {
    fc.assert(
      fc.property(constantsArb, (p) => {
        const T = stepsOf(p);
        const s = savedGradient(p);
        const r = recomputedGradient(p);
        expect(maxDifference(s, r)).toBe(0);
        expect(maxDifference(r, primitiveGradient(p))).toBe(0);
        expect(r.stepEvaluations).toBe(2 * s.stepEvaluations);
        expect(s.bytes - r.bytes).toBe(632 * T - 640);
      }),
      { numRuns: 60 },
    );
  });
});
