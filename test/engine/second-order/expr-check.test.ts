import { describe, expect, it } from 'vitest';
import { expressionSecondOrder } from '../../../engine/second-order/expr-check.ts';

describe('expressionSecondOrder: the full Hessian and H·v of an expression', () => {
  const source = 'x*y + sin(x^2) - ln(y)';
  const at = { x: 1.5, y: 4 };

  it('matches the Hessian derived by hand for x·y + sin(x²) − ln y', () => {
    const { variables, hessian } = expressionSecondOrder(source, at, { x: 1, y: 0 });
    expect(variables).toEqual(['x', 'y']);
    // f_xx = 2 cos(x²) − 4x² sin(x²), f_xy = 1, f_yy = 1/y².
    const x2 = at.x ** 2;
    expect(hessian[0][0]).toBeCloseTo(2 * Math.cos(x2) - 4 * x2 * Math.sin(x2), 12);
    expect(hessian[0][1]).toBeCloseTo(1, 12);
    expect(hessian[1][0]).toBeCloseTo(1, 12);
    expect(hessian[1][1]).toBeCloseTo(1 / 16, 12);
  });

  it('H·v from one dual sweep equals the Hessian times v, and vᵀHv is the curvature along v', () => {
    for (const v of [{ x: 1, y: 0 }, { x: 0, y: 1 }, { x: Math.cos(1), y: Math.sin(1) }]) {
      const r = expressionSecondOrder(source, at, v);
      expect(r.gap).toBeLessThan(1e-12);
      expect(r.product[0]).toBeCloseTo(r.hvp.hvp.x, 12);
      expect(r.product[1]).toBeCloseTo(r.hvp.hvp.y, 12);
      const H = r.hessian;
      const vHv = v.x * (H[0][0] * v.x + H[0][1] * v.y) + v.y * (H[1][0] * v.x + H[1][1] * v.y);
      expect(r.curvature).toBeCloseTo(vHv, 12);
      expect(r.hvp.maxRelative).toBeLessThan(1e-6);
    }
  });
});
