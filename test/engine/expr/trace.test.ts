import { describe, expect, it } from 'vitest';
import { gradExpression } from '../../../engine/expr/grad.ts';
import { evaluationTrace, traceSymbol } from '../../../engine/expr/trace.ts';

/** The traces of a source at a point. */
const traceOf = (source: string, at: Record<string, number>) => {
  const r = gradExpression(source, at);
  return { r, t: evaluationTrace(r.tape!, r.variables) };
};

describe('evaluation traces', () => {
  it('numbers inputs v₁₋ₙ … v₀ and nodes v₁, v₂, … as the survey does', () => {
    expect([0, 1, 2, 6].map((i) => traceSymbol(i, 2))).toEqual(['v₋₁', 'v₀', 'v₁', 'v₅']);
    expect(traceSymbol(0, 2, '\u0304')).toBe('v̄₋₁');
  });

  it('gives the primal, tangent and adjoint traces of ln(x1) + x1·x2 − sin(x2) at (2, 5), one row per node and one step per edge', () => {
    const { r, t } = traceOf('ln(x1) + x1*x2 - sin(x2)', { x1: 2, x2: 5 });
    expect(t.rows.map((row) => `${row.symbol} = ${row.primal}`)).toEqual([
      'v₋₁ = x1',
      'v₀ = x2',
      'v₁ = ln v₋₁',
      'v₂ = v₋₁ × v₀',
      'v₃ = v₁ + v₂',
      'v₄ = sin v₀',
      'v₅ = v₃ − v₄',
    ]);
    expect(t.rows[3].tangent).toBe('v₀ × v̇₋₁ + v₋₁ × v̇₀');
    // The tangent trace seeded with ẋ1 = 1 ends in ∂y/∂x1, and every tangent matches forward mode.
    expect(t.tangents.x1[t.output]).toBe(r.gradient.forward.x1);
    expect(t.tangents.x2[t.output]).toBe(r.gradient.forward.x2);
    // The adjoint trace adds one contribution per edge, and ends in the tape's gradient.
    expect(t.reverse).toHaveLength(8);
    expect(t.adjoints.slice(0, 2)).toEqual([r.gradient.reverse.x1, r.gradient.reverse.x2]);
    const last = t.reverse[t.reverse.length - 1];
    expect(last.text).toBe('v̄₋₁ += 1 / v₋₁ × v̄₁');
    expect(last.total).toBe(5.5);
  });

  it('names nodes by the program and keeps constants as nodes with tangent 0', () => {
    const { t } = traceOf('q = x + 2*y\nf = q * 3.5 + 1', { x: 1, y: 2 });
    expect(t.rows.map((row) => row.name)).toEqual(['x', 'y', null, 'q', null, 'f']);
    expect(t.rows[5].primal).toBe('v₃ + 1');
  });

  it('keeps ∂y/∂x finite at a negative base: 0 · NaN does not spread in the tangent trace', () => {
    const { t } = traceOf('x^y', { x: -2, y: 3 });
    expect(t.tangents.x[t.output]).toBe(12);
    expect(t.tangents.y[t.output]).toBeNaN();
  });
});
