import { describe, expect, it } from 'vitest';
import { defaultParams, evaluateLoss } from '../../../engine/chain.ts';
import { centralDifferenceGradient } from '../../../engine/finite-difference.ts';
import { reverseGradient } from '../../../engine/reverse.ts';
import { asFloat32, asFloat64, precisionSweep, roundedCentralDifferences, roundedLoss } from '../../../engine/bugs/index.ts';

describe('float32 gradient check', () => {
  const p = defaultParams(12);

  it('without rounding, the rounded run is the plain loss and central differences bit for bit', () => {
    expect(roundedLoss(p, asFloat64)).toBe(evaluateLoss(p));
    const g = roundedCentralDifferences(p, 1e-5, asFloat64);
    const plain = centralDifferenceGradient(p, 1e-5);
    expect([...g.a, ...g.b]).toEqual([...plain.a, ...plain.b]);
  });

  it('in float32 every value is a single-precision number, and the loss differs from float64 by about ε₃₂', () => {
    const l32 = roundedLoss(p, asFloat32);
    expect(Math.fround(l32)).toBe(l32);
    const l64 = evaluateLoss(p);
    expect(Math.abs(l32 - l64) / l64).toBeLessThan(1e-5);
    expect(l32).not.toBe(l64);
  });

  it('float32 bottoms out at a far larger h and a far higher error than float64', () => {
    const s = precisionSweep(p, reverseGradient(p));
    expect(s.float64.bestEps).toBeLessThanOrEqual(1e-4);
    expect(s.float64.bestEps).toBeGreaterThanOrEqual(1e-7);
    expect(s.float64.floor).toBeLessThan(1e-9);
    expect(s.float32.bestEps).toBeGreaterThanOrEqual(1e-4);
    expect(s.float32.floor).toBeGreaterThan(1e-6);
    expect(s.float32.floor / s.float64.floor).toBeGreaterThan(1e4);
    // The points are the sweep's: 34 h values, each with both errors.
    expect(s.sweep).toHaveLength(34);
  });
});
