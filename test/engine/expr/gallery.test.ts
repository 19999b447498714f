import { describe, expect, it } from 'vitest';
import { compileExpression } from '../../../engine/expr/compile.ts';
import { agreesWithPublished, GALLERY } from '../../../engine/expr/gallery.ts';
import { gradExpression } from '../../../engine/expr/grad.ts';
import { evaluationTrace } from '../../../engine/expr/trace.ts';

/**
 * Every gallery example against the numbers its source publishes (quoted in gallery.ts from the
 * sources: CS231n's figures, colah's post, the survey's tables 2 and 3, micrograd's README,
 * the Zero to Hero notebook's draw_dot output).
 */
describe('the gallery of classic examples', () => {
  for (const ex of GALLERY) {
    it(`${ex.id}: computes the published numbers to ${ex.published.decimals} decimals`, () => {
      const c = compileExpression(ex.program);
      const r = gradExpression(c, ex.at, { strict: true });
      expect(r.warnings).toEqual([]);
      const d = ex.published.decimals;
      if (ex.published.value !== undefined) expect(agreesWithPublished(r.value, ex.published.value, d), `value ${r.value}`).toBe(true);
      expect(Object.keys(ex.published.gradient).sort()).toEqual([...r.variables].sort());
      for (const [name, g] of Object.entries(ex.published.gradient)) {
        expect(agreesWithPublished(r.gradient.reverse[name], g, d), `∂/∂${name} = ${r.gradient.reverse[name]}, published ${g}`).toBe(true);
      }
      if (ex.published.tangent) expect(agreesWithPublished(r.gradient.forward[ex.published.tangent.wrt], ex.published.tangent.value, d)).toBe(true);
    });
  }

  it('a number off by one unit in the last published decimal is caught', () => {
    expect(agreesWithPublished(24.7041, 24.7041, 4)).toBe(true);
    expect(agreesWithPublished(24.7052, 24.7041, 4)).toBe(false);
  });

  it('Baydin et al.: the traces have the survey’s rows (tables 2 and 3, three decimals)', () => {
    const ex = GALLERY.find((e) => e.id === 'baydin')!;
    const r = gradExpression(ex.program, ex.at);
    const t = evaluationTrace(r.tape!, r.variables);
    const three = (x: number) => Number(x.toFixed(3));
    // Primal: v1 = 0.693, v2 = 10.000, v3 = −0.959, v4 = 10.693, v5 = 11.652.
    expect(t.rows.slice(2).map((row) => [row.symbol, row.name, three(row.value)])).toEqual([
      ['v₁', 'v1', 0.693],
      ['v₂', 'v2', 10],
      ['v₃', 'v3', -0.959],
      ['v₄', 'v4', 10.693],
      ['v₅', 'v5', 11.652],
    ]);
    // Tangent with ẋ1 = 1: v̇1 = 0.5, v̇2 = 5, v̇3 = 0, v̇4 = 5.5, v̇5 = 5.5.
    expect(t.tangents.x1.slice(2).map(three)).toEqual([0.5, 5, 0, 5.5, 5.5]);
    // Adjoint, in the survey's order: v̄5 = 1, v̄4 = 1, v̄3 = −1, v̄1 = 1, v̄2 = 1, v̄0 = −0.284, v̄−1 = 5, v̄0 = 1.716, v̄−1 = 5.5.
    expect(t.reverse.map((s) => [s.text.split(' ')[0], three(s.total)])).toEqual([
      ['v̄₄', 1],
      ['v̄₃', -1],
      ['v̄₁', 1],
      ['v̄₂', 1],
      ['v̄₀', -0.284],
      ['v̄₋₁', 5],
      ['v̄₀', 1.716],
      ['v̄₋₁', 5.5],
    ]);
  });
});
