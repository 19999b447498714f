import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultParams, type ChainParams } from '../../../engine/chain.ts';
import { reverseGradient } from '../../../engine/reverse.ts';
import { chainHvp, checkHvp, directionOf, expressionHessian, expressionHvp, type DirectionSpec } from '../../../engine/second-order/index.ts';

/** Three chains: short, the default length, and one with other scalars (H·v well above rounding in each). */
const CHAINS: [string, ChainParams][] = [
  ['T = 5', defaultParams(5)],
  ['T = 40', defaultParams(40)],
  ['T = 25, c = 0.5, x0 = -0.3, y = 0.8', defaultParams(25, { c: 0.5, x0: -0.3, target: 0.8 })],
];
const DIRECTIONS: DirectionSpec[] = [{ kind: 'ones' }, { kind: 'basis', index: 3 }, { kind: 'seed', seed: 7 }];

describe('chainHvp (forward over reverse)', () => {
  for (const [name, params] of CHAINS) {
    for (const spec of DIRECTIONS) {
      it(`H·v matches central differences of the reverse gradient within 1e-6: ${name}, v = ${spec.kind}`, () => {
        const v = directionOf(spec, params.a.length);
        const r = chainHvp(params, v);
        const check = checkHvp(params, v, r.hvp);
        expect(check.maxRelative).toBeLessThan(1e-6);
        // A wrong H·v (the direction itself, or a zero) fails the same check.
        expect(checkHvp(params, v, { a: r.hvp.a.map((x) => 1.01 * x), b: r.hvp.b }).maxRelative).toBeGreaterThan(1e-4);
      });
    }
  }

  it('gives the reverse-mode gradient from the same sweep, bit for bit', () => {
    const params = defaultParams(40);
    const r = chainHvp(params, directionOf({ kind: 'seed', seed: 3 }, 40));
    const g = reverseGradient(params);
    expect([...r.gradient.a]).toEqual([...g.a]);
    expect([...r.gradient.b]).toEqual([...g.b]);
    expect(r.loss).toBe(g.loss);
  });

  it('is linear in v and the Hessian it implies is symmetric: u·(H v) = v·(H u)', () => {
    const params = defaultParams(12);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1 << 30 }), fc.integer({ min: 0, max: 1 << 30 }), (s1, s2) => {
        const u = directionOf({ kind: 'seed', seed: s1 }, 12);
        const v = directionOf({ kind: 'seed', seed: s2 }, 12);
        const hu = chainHvp(params, u).hvp;
        const hv = chainHvp(params, v).hvp;
        let uHv = 0;
        let vHu = 0;
        for (let t = 0; t < 12; t++) {
          uHv += u.a[t] * hv.a[t] + u.b[t] * hv.b[t];
          vHu += v.a[t] * hu.a[t] + v.b[t] * hu.b[t];
        }
        expect(Math.abs(uHv - vHu)).toBeLessThan(1e-12 * Math.max(1, Math.abs(uHv)));
      }),
      { numRuns: 20 },
    );
  });

  it('counts one recording and one sweep, each on a value and one tangent: 4 passes, twice a gradient, on the same number of nodes', () => {
    const params = defaultParams(40);
    const r = chainHvp(params, directionOf({ kind: 'ones' }, 40));
    expect(r.workUnits).toBe(4);
    expect(r.tapeNodes).toBe(reverseGradient(params).tapeNodes);
    expect(r.stepEvaluations).toBe(40);
  });

  it('basis:I picks a_t for even I and b_t for odd I', () => {
    const v = directionOf({ kind: 'basis', index: 5 }, 4);
    expect([...v.a]).toEqual([0, 0, 0, 0]);
    expect([...v.b]).toEqual([0, 0, 1, 0]);
    expect(() => directionOf({ kind: 'basis', index: 8 }, 4)).toThrow(RangeError);
  });
});

describe('expressionHvp and expressionHessian', () => {
  it('f = x·y + sin(x²): the Hessian is [[2cos x² − 4x² sin x², 1], [1, 0]] (derived by hand)', () => {
    const x = 0.5;
    const { hessian } = expressionHessian('x*y + sin(x*x)', { x, y: 4 });
    const fxx = 2 * Math.cos(x * x) - 4 * x * x * Math.sin(x * x);
    expect(hessian[0][0]).toBeCloseTo(fxx, 14);
    expect(hessian[0][1]).toBe(1);
    expect(hessian[1][0]).toBe(1);
    expect(hessian[1][1]).toBe(0);
  });

  it('f = exp(x)·y² / z: the Hessian derived by hand, entry by entry', () => {
    const [x, y, z] = [0.3, -1.2, 2.5];
    const e = Math.exp(x);
    const expected = [
      [(e * y * y) / z, (2 * e * y) / z, (-e * y * y) / (z * z)],
      [(2 * e * y) / z, (2 * e) / z, (-2 * e * y) / (z * z)],
      [(-e * y * y) / (z * z), (-2 * e * y) / (z * z), (2 * e * y * y) / (z * z * z)],
    ];
    const { variables, hessian } = expressionHessian('exp(x)*y^2/z', { x, y, z });
    expect(variables).toEqual(['x', 'y', 'z']);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) expect(Math.abs(hessian[i][j] - expected[i][j])).toBeLessThan(1e-14 * Math.max(1, Math.abs(expected[i][j])));
  });

  it('H·v along a direction agrees with central differences of the plain gradient', () => {
    const r = expressionHvp('x*y + sin(x*x)', { x: 0.5, y: 4 }, { x: 1, y: -2 });
    expect(r.maxRelative).toBeLessThan(1e-6);
    const x = 0.5;
    expect(r.hvp.x).toBeCloseTo(2 * Math.cos(x * x) - 4 * x * x * Math.sin(x * x) - 2, 12);
    expect(r.hvp.y).toBeCloseTo(1, 14);
    expect(r.gradient).toEqual({ x: 4 + 2 * x * Math.cos(x * x), y: x });
  });

  it('refuses a direction for a variable the expression does not use', () => {
    expect(() => expressionHvp('x*x', { x: 1 }, { q: 1 })).toThrow(/does not use/);
  });
});
