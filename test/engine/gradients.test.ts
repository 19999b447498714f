import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultParams, evaluateLoss, type ChainParams } from '../../engine/chain.ts';
import { centralDifferenceGradient, epsilonGrid, gradientError } from '../../engine/finite-difference.ts';
import { forwardDirectional, forwardGradient } from '../../engine/forward.ts';
import { fusedAdjoint } from '../../engine/fused.ts';
import { reverseGradient, tapeNodesFor } from '../../engine/reverse.ts';
import { Tape } from '../../engine/tape.ts';

function maxRel(x: { a: Float64Array; b: Float64Array }, y: { a: Float64Array; b: Float64Array }): number {
  return gradientError(x, y).maxRelative;
}

/** max over s < t of |x̄_s / x̄_t|: the most a perturbation of x_s grows by the time it reaches x_t. */
function amplification(adjoint: Float64Array): number {
  let worst = 1;
  let smallestLater = Infinity;
  for (let t = adjoint.length - 1; t >= 0; t--) {
    const v = Math.abs(adjoint[t]);
    if (v === 0) return Infinity;
    worst = Math.max(worst, v / smallestLater);
    smallestLater = Math.min(smallestLater, v);
  }
  return worst;
}

const paramsArb = fc
  .record({
    steps: fc.integer({ min: 1, max: 60 }),
    seedA: fc.array(fc.double({ min: -1.5, max: 1.5, noNaN: true }), { minLength: 60, maxLength: 60 }),
    seedB: fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 60, maxLength: 60 }),
    c: fc.double({ min: -1, max: 1.5, noNaN: true }),
    x0: fc.double({ min: -2, max: 2, noNaN: true }),
    target: fc.double({ min: -2, max: 2, noNaN: true }),
  })
  .map(
    (r): ChainParams => ({
      a: Float64Array.from(r.seedA.slice(0, r.steps)),
      b: Float64Array.from(r.seedB.slice(0, r.steps)),
      c: r.c,
      x0: r.x0,
      target: r.target,
    }),
  );

describe('the chain differentiated three ways', () => {
  it('at the defaults, T = 40: forward matches reverse below 1e-12 (relative to the largest component)', () => {
    const p = defaultParams(40);
    expect(maxRel(forwardGradient(p), reverseGradient(p))).toBeLessThan(1e-12);
  });

  it('the tape agrees with the hand-written adjoint to 1e-13, with the same loss bit for bit', () => {
    for (const T of [1, 2, 40, 200]) {
      const p = defaultParams(T);
      const r = reverseGradient(p);
      const f = fusedAdjoint(p);
      expect(r.loss).toBe(f.loss);
      // Same primitives, but the fused adjoint groups the step's slope into one expression, so
      // the last bits may differ: require agreement to a few ulps of the largest component.
      expect(maxRel(r, f)).toBeLessThan(1e-13);
      const adjointGap = gradientError({ a: r.adjoint, b: r.adjoint }, { a: f.adjoint, b: f.adjoint });
      expect(adjointGap.maxRelative).toBeLessThan(1e-13);
    }
  });

  it('each directional derivative by scalar duals equals the matching reverse component', () => {
    const p = defaultParams(12);
    const r = reverseGradient(p);
    for (let t = 0; t < 12; t++) {
      const ea = new Float64Array(12);
      ea[t] = 1;
      const zero = new Float64Array(12);
      expect(forwardDirectional(p, ea, zero).d).toBeCloseTo(r.a[t], 13);
      expect(forwardDirectional(p, zero, ea).d).toBeCloseTo(r.b[t], 13);
    }
  });

  it('at the defaults, T = 40: the best h of the sweep is inside it and its RMS error is below 1e-9', () => {
    const p = defaultParams(40);
    const r = reverseGradient(p);
    const grid = epsilonGrid();
    const rms = grid.map((h) => gradientError(centralDifferenceGradient(p, h), r).rms);
    const best = rms.indexOf(Math.min(...rms));
    expect(best).toBeGreaterThan(0);
    expect(best).toBeLessThan(grid.length - 1);
    expect(rms[best]).toBeLessThan(1e-9);
  });

  it('property: reverse equals forward to 1e-10 and central differences at h = 1e-6 agree to 1e-6 (relative)', () => {
    // Relative to the largest gradient component, floored at 1e-3: a gradient that is itself
    // ~0 cannot be matched relatively by a method whose absolute error is ε|L|/h ≈ 1e-10.
    // Central differences are only checked on chains that amplify a perturbation of a state at
    // most 20-fold on its way to any later state (κ = max over s < t of |∂x_t/∂x_s|
    // = |x̄_s / x̄_t| ≤ 20). A perturbation h amplified to κh meets the nonlinearity there, and
    // the relative error grows like (κh)²: on an expanding stretch (x stuck at the unstable fixed
    // point 0 with slope a + c > 1 for 20 steps, κ ≈ 1000) h = 1e-6 already misses by 1e-6.
    let checked = 0;
    fc.assert(
      fc.property(paramsArb, (p) => {
        const r = reverseGradient(p);
        expect(maxRel(forwardGradient(p), r)).toBeLessThan(1e-10);
        if (amplification(r.adjoint) > 20) return;
        checked++;
        const scale = Math.max(1e-3, ...Array.from(r.a, Math.abs), ...Array.from(r.b, Math.abs));
        expect(gradientError(centralDifferenceGradient(p, 1e-6), r).maxAbsolute / scale).toBeLessThan(1e-6);
        expect(r.loss).toBe(evaluateLoss(p));
      }),
      { numRuns: 200 },
    );
    // The precondition must leave most chains in: a test that skips everything proves nothing.
    expect(checked).toBeGreaterThan(100);
  });
});

describe('work, counted', () => {
  it('T = 40: reverse 2, forward 81, central differences 161 work units', () => {
    const p = defaultParams(40);
    expect(reverseGradient(p).workUnits).toBe(2);
    expect(forwardGradient(p).workUnits).toBe(81);
    expect(centralDifferenceGradient(p, 1e-5).workUnits).toBe(161);
  });

  it('for every T: reverse 2, forward P + 1, central differences 2P + 1; the tape holds its closed-form node count', () => {
    for (const T of [1, 2, 3, 7, 40, 111]) {
      const p = defaultParams(T);
      const r = reverseGradient(p);
      expect(r.workUnits).toBe(2);
      expect(r.tapeNodes).toBe(tapeNodesFor(T));
      expect(forwardGradient(p).workUnits).toBe(2 * T + 1);
      const fd = centralDifferenceGradient(p, 1e-5);
      expect(fd.evaluations).toBe(4 * T + 1);
      // Reusing the prefix: the base run is T steps, moving a_t or b_t costs T − t steps, four times.
      expect(fd.steps).toBe(T + 2 * T * (T + 1));
      expect(fd.naiveSteps).toBe((4 * T + 1) * T);
    }
  });

  it('prefix reuse gives the same central differences as evaluating every perturbed chain from x₀', () => {
    const p = defaultParams(25);
    const fd = centralDifferenceGradient(p, 1e-5);
    const h = 1e-5;
    for (let t = 0; t < 25; t++) {
      const plus = { ...p, a: p.a.slice() };
      const minus = { ...p, a: p.a.slice() };
      plus.a[t] += h;
      minus.a[t] -= h;
      expect(fd.a[t]).toBe((evaluateLoss(plus) - evaluateLoss(minus)) / (2 * h));
    }
  });

  it('a tape reused across gradients gives the same result as a fresh one', () => {
    const tape = new Tape(16);
    const a = reverseGradient(defaultParams(30), tape);
    const b = reverseGradient(defaultParams(30), tape);
    expect(Array.from(b.a)).toEqual(Array.from(a.a));
    expect(Array.from(b.b)).toEqual(Array.from(a.b));
  });
});

describe('the default parameters', () => {
  it('keep the gradient finite and within 8 decades over the whole app range 2 … 200', () => {
    for (let T = 2; T <= 200; T++) {
      const g = reverseGradient(defaultParams(T));
      let hi = 0;
      let lo = Infinity;
      for (let t = 0; t < T; t++) {
        const m = Math.max(Math.abs(g.a[t]), Math.abs(g.b[t]));
        hi = Math.max(hi, m);
        lo = Math.min(lo, m);
      }
      expect(Number.isFinite(hi)).toBe(true);
      expect(lo).toBeGreaterThan(0);
      expect(Math.log10(hi / lo)).toBeLessThan(8);
    }
  });

  it('the sweep grid has at least three points a decade from 1e-1 to 1e-12', () => {
    const grid = epsilonGrid();
    expect(grid[0]).toBe(1e-1);
    expect(grid[grid.length - 1]).toBe(1e-12);
    expect(grid.length).toBeGreaterThanOrEqual(34);
    for (let i = 1; i < grid.length; i++) expect(grid[i]).toBeLessThan(grid[i - 1]);
  });
});
