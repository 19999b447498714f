import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainStepFloat, defaultParams, stepsOf } from '../../../engine/chain.ts';
import { reverseGradient } from '../../../engine/reverse.ts';
import { BYTES_PER_NODE } from '../../../engine/tape.ts';
import { BYTES_PER_FUSED_NODE, FusedTape } from '../../../engine/tradeoffs/fused-tape.ts';
import { fusedGradient, fusedStep, fusedTapeNodes, gradientRelativeDifference, maxDifference, primitiveGradient } from '../../../engine/tradeoffs/fusion.ts';
import { constantsArb, largest } from './reference.ts';

describe('fusing a step into one node', () => {
  it('the hand-derived local Jacobian matches central differences of the primitive step (h = 1e-6, to 1e-9)', () => {
    const out = { value: 0, dx: 0, da: 0, db: 0 };
    const h = 1e-6;
    for (const [t, x, a, b, c] of [
      [0, 0.4, 0.78, 0.2, 0.35],
      [7, -1.3, 1.2, -0.5, -0.8],
      [39, 1.9, 0.1, 0.9, 1.4],
    ]) {
      fusedStep(t, x, a, b, c, out);
      expect(out.value).toBeCloseTo(chainStepFloat(t, x, a, b, c), 15);
      expect(out.dx).toBeCloseTo((chainStepFloat(t, x + h, a, b, c) - chainStepFloat(t, x - h, a, b, c)) / (2 * h), 9);
      expect(out.da).toBeCloseTo((chainStepFloat(t, x, a + h, b, c) - chainStepFloat(t, x, a - h, b, c)) / (2 * h), 9);
      expect(out.db).toBeCloseTo((chainStepFloat(t, x, a, b + h, c) - chainStepFloat(t, x, a, b - h, c)) / (2 * h), 9);
    }
  });

  it('the fused gradient equals the primitive tape to rounding (1e-13 of the largest component)', () => {
    for (const T of [1, 2, 40, 200]) {
      const p = defaultParams(T);
      const prim = primitiveGradient(p);
      const fused = fusedGradient(p);
      expect(maxDifference(fused, prim)).toBeLessThan(1e-13 * largest(prim));
      expect(Math.abs(fused.loss - prim.loss)).toBeLessThan(1e-15);
      // and the primitive side is the lab's reverse gradient itself
      expect(maxDifference(prim, reverseGradient(p))).toBe(0);
    }
  });

  it('the relative difference the panel shows is the largest |difference| over the largest |entry|, small at T = 1,000 where the absolute one is not', () => {
    const x = { a: Float64Array.of(1, -4), b: Float64Array.of(2, 0) };
    const y = { a: Float64Array.of(1.5, -8), b: Float64Array.of(2, 0.25) };
    // differences 0.5, 4, 0, 0.25; largest |y| entry 8
    expect(gradientRelativeDifference(x, y)).toBe(4 / 8);
    const p = defaultParams(1000);
    const prim = primitiveGradient(p);
    const fused = fusedGradient(p);
    expect(largest(prim)).toBeGreaterThan(1e12);
    expect(gradientRelativeDifference(fused, prim)).toBeLessThan(1e-13);
  });

  it('counts 3T + 2 fused nodes of 52 bytes against 14T + 5 primitive nodes of 40', () => {
    expect(BYTES_PER_FUSED_NODE).toBe(52);
    for (const T of [1, 5, 40, 200]) {
      const p = defaultParams(T);
      const prim = primitiveGradient(p);
      const fused = fusedGradient(p);
      expect(fused.nodes).toBe(3 * T + 2);
      expect(fused.nodes).toBe(fusedTapeNodes(T));
      expect(fused.bytes).toBe(fused.nodes * 52);
      expect(prim.nodes).toBe(14 * T + 5);
      expect(prim.bytes).toBe(prim.nodes * BYTES_PER_NODE);
    }
  });

  it('a reused fused tape gives the same gradient again and grows past its capacity', () => {
    const tape = new FusedTape(16);
    const p = defaultParams(30);
    const first = fusedGradient(p, tape);
    const again = fusedGradient(p, tape);
    expect(maxDifference(first, again)).toBe(0);
    expect(tape.length).toBe(92);
    expect(tape.parents(tape.length - 1)).toEqual([tape.length - 2]);
    expect(tape.parents(3)).toEqual([0, 1, 2]);
    expect(tape.parents(6)).toEqual([3, 4, 5]);
  });

  it('property: over random c, x₀, y the fused and primitive gradients agree to 1e-12 of the largest component', () => {
    fc.assert(
      fc.property(constantsArb, (p) => {
        const prim = primitiveGradient(p);
        const fused = fusedGradient(p);
        expect(fused.nodes).toBe(3 * stepsOf(p) + 2);
        expect(maxDifference(fused, prim)).toBeLessThanOrEqual(1e-12 * largest(prim));
      }),
      { numRuns: 100 },
    );
  });
});
