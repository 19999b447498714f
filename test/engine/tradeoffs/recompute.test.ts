import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultParams, stepsOf } from '../../../engine/chain.ts';
import { maxDifference, primitiveGradient } from '../../../engine/tradeoffs/fusion.ts';
import { fullTapeBytes } from '../../../engine/checkpoint/bytes.ts';
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

  it('saving holds T one-step tapes and the working x_T (640T + 120 + 8 bytes) for T step evaluations', () => {
    for (const T of [1, 3, 40, 200]) {
      const s = savedGradient(defaultParams(T));
      expect(s.stepEvaluations).toBe(T);
      expect(s.recomputedSteps).toBe(0);
      expect(s.peakTapes).toBe(T);
      // 16 nodes (x_t, a_t, b_t, c and twelve primitives) a step, 3 more for the loss, 40 bytes each, and x_T.
      expect(s.bytes).toBe(16 * 40 * T + 3 * 40 + 8);
      expect(s.bytes).toBe(fullTapeBytes(T));
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
        expect(s.bytes - r.bytes).toBe(632 * T - 632);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the memory over the run', () => {
  it('saving climbs to T tapes and comes back; recomputing holds states and one tape, doing twice the steps', () => {
    const T = 10;
    const s = savedGradient(defaultParams(T));
    const r = recomputedGradient(defaultParams(T));
    for (const run of [s, r]) {
      expect(run.bytesTrace).toHaveLength(2 * T + 1);
      expect(run.evaluationsTrace).toHaveLength(2 * T + 1);
      expect(Math.max(...run.bytesTrace)).toBe(run.bytes);
      expect(run.evaluationsTrace.at(-1)).toBe(run.stepEvaluations);
    }
    // after forward step t (1-based) saving holds t tapes of 640 bytes, the last one with the loss's 120 and the working x_T's 8
    expect(Array.from(s.bytesTrace.slice(0, T))).toEqual(Array.from({ length: T }, (_, t) => 640 * t));
    expect(s.bytesTrace[T]).toBe(640 * T + 128);
    expect(Array.from(s.evaluationsTrace.slice(T))).toEqual(Array(T + 1).fill(T));
    // recomputing: 8 bytes a state going forward, then the states left and one tape while a step is swept
    expect(Array.from(r.bytesTrace.slice(0, T + 1))).toEqual(Array.from({ length: T + 1 }, (_, t) => 8 * t));
    expect(r.bytesTrace[T + 1]).toBe(8 * T + 760);
    expect(r.bytesTrace[2 * T]).toBe(8 + 640);
    expect(Array.from(r.evaluationsTrace)).toEqual(Array.from({ length: 2 * T + 1 }, (_, i) => i));
  });
});
