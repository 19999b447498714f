import { describe, expect, it } from 'vitest';
import { defaultParams, evaluateLoss } from '../../../engine/chain.ts';
import { centralDifferenceGradient } from '../../../engine/finite-difference.ts';
import { reverseGradient } from '../../../engine/reverse.ts';
import { asFloat32, asFloat64, precisionSweep, roundedCentralDifferences, roundedLoss, sampledLanes } from '../../../engine/bugs/index.ts';

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

describe('the sampled sweep the app runs on long chains', () => {
  it('sampledLanes keeps all 2T lanes when it may, else an even sample with both ends', () => {
    expect([...sampledLanes(3)]).toEqual([0, 1, 2, 3, 4, 5]);
    const s = sampledLanes(200, 40);
    expect(s.length).toBe(40);
    expect(s[0]).toBe(0);
    expect(s[39]).toBe(399);
  });

  it('errors over a sample of the lanes: the differenced entries are the full sweep\'s, the others NaN', () => {
    const p = defaultParams(12);
    const exact = reverseGradient(p);
    const s = precisionSweep(p, exact, { grid: [1e-3, 1e-6], maxParameters: 6 });
    expect(s.sweep.map((q) => q.eps)).toEqual([1e-3, 1e-6]);
    const full = roundedCentralDifferences(p, 1e-6, asFloat64);
    const g = s.float64.gradient;
    for (const j of s.lanes) {
      const which = j % 2 === 0 ? 'a' : 'b';
      expect(g[which][j >> 1]).toBe(full[which][j >> 1]);
    }
    expect(Number.isNaN(g.a[1]) || s.lanes.includes(2)).toBe(true);
  });
});
