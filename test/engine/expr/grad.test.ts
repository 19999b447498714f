import { describe, expect, it } from 'vitest';
import { ExprInputError, ParseError } from '../../../engine/expr/errors.ts';
import { gradExpression } from '../../../engine/expr/grad.ts';
import { EXPRESSION_PRESETS } from '../../../engine/expr/presets.ts';

const preset = (id: string) => {
  const p = EXPRESSION_PRESETS.find((q) => q.id === id);
  if (!p) throw new Error(`no preset ${id}`);
  return gradExpression(p.expression, p.at);
};
const messages = (r: ReturnType<typeof gradExpression>) => r.warnings.map((w) => w.message);

describe('gradExpression', () => {
  it('gives the card’s z = x·y + sin(x²) − ln(y) at (0.5, 4) by all three methods', () => {
    const r = preset('card');
    const dx = 4 + Math.cos(0.25);
    expect(r.value).toBe(2 + Math.sin(0.25) - Math.log(4));
    expect(r.gradient.reverse.x).toBeCloseTo(dx, 14);
    expect(r.gradient.reverse.y).toBe(0.25);
    expect(r.gradient.forward).toEqual(r.gradient.reverse);
    // The card's own check: central differences agree to 1e-8.
    expect(Math.abs(r.gradient.finiteDifference.x - dx)).toBeLessThan(1e-8);
    expect(Math.abs(r.gradient.finiteDifference.y - 0.25)).toBeLessThan(1e-8);
    expect(r.differences.forwardVsReverseMax).toBe(0);
    expect(r.warnings).toEqual([]);
    expect(r.passes).toEqual({ reverse: 1, forward: 2, finiteDifference: 4 });
  });

  it('gradient(x*x + x) accumulates fan-out: three contributions into adj[x], one if overwritten', () => {
    const r = preset('fan-out');
    expect(r.gradient.reverse.x).toBe(7);
    expect(r.gradient.overwritten.x).not.toBe(7);
    const t = r.tape!;
    const intoX = [...t.sweep.parent.subarray(0, t.sweep.count)].filter((p) => p === 0);
    expect(intoX).toHaveLength(3);
  });

  it('a tied weight used twice collects both layers’ contributions', () => {
    const r = preset('tied-weight');
    const { w, x } = r.at;
    const inner = Math.tanh(w * x);
    const outer = Math.tanh(w * inner);
    const dw = (1 - outer ** 2) * (inner + w * (1 - inner ** 2) * x);
    expect(r.gradient.reverse.w).toBeCloseTo(dw, 14);
    expect(Math.abs(r.gradient.overwritten.w - dw)).toBeGreaterThan(0.1);
    expect(r.differences.finiteDifferenceVsReverseMax).toBeLessThan(1e-9);
  });

  it('states the subgradient conventions at the kinks of relu and abs', () => {
    const relu = preset('relu-at-0');
    expect([relu.gradient.reverse.x, relu.gradient.forward.x]).toEqual([0, 0]);
    expect(relu.gradient.finiteDifference.x).toBe(0.5);
    expect(relu.warnings).toHaveLength(1);
    expect(relu.warnings[0]).toMatchObject({ kind: 'convention', node: 1 });
    expect(relu.warnings[0].message).toMatch(/^relu'\(0\) is taken as 0/);
    const abs = preset('abs-at-0');
    expect(abs.gradient.reverse.x).toBe(0);
    expect(messages(abs)[0]).toMatch(/^\|x\|'\(0\) is taken as 0/);
    expect(gradExpression('relu(x)', { x: 1e-300 }).warnings).toEqual([]);
  });

  it('explains the NaN of sqrt at 0 (∞ · 0) once, at the square root', () => {
    const r = preset('sqrt-at-0');
    expect(r.value).toBe(0);
    expect(Number.isNaN(r.gradient.reverse.x)).toBe(true);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatchObject({ kind: 'domain', span: { start: 0, end: 15 } });
    expect(r.warnings[0].message).toMatch(/^sqrt'\(0\) is infinite/);
  });

  it('names domain errors in plain words, once, at the primitive that left its domain', () => {
    expect(messages(preset('ln-at-0'))).toEqual(['ln(0) is -Infinity: the logarithm needs a positive argument']);
    // Everything downstream of ln(0) is non-finite too, but only the logarithm is reported.
    expect(messages(gradExpression('y*log(x) + 1', { x: 0, y: 2 }))).toEqual(['log(0) is -Infinity: the logarithm needs a positive argument']);
    expect(messages(gradExpression('ln(x)', { x: -1 }))).toEqual(['ln(-1) is NaN: the logarithm needs a positive argument']);
    expect(messages(gradExpression('sqrt(x)', { x: -4 }))[0]).toMatch(/^sqrt\(-4\) is NaN/);
    expect(messages(preset('divide-by-zero'))[0]).toMatch(/^'1\/x' divides by zero/);
    expect(messages(preset('negative-base'))[0]).toMatch(/^'x\^y' with a variable exponent is computed as exp\(y·ln x\), which needs a positive base; here the base is -2/);
    expect(messages(gradExpression('x^0.5', { x: -1 }))[0]).toMatch(/negative base \(-1\) needs a whole-number exponent/);
    expect(messages(gradExpression('x^-1', { x: 0 }))[0]).toMatch(/negative power of 0 is infinite/);
    expect(messages(gradExpression('exp(x)', { x: 1000 }))[0]).toMatch(/overflows/);
    expect(messages(gradExpression('x^3', { x: -2 }))).toEqual([]);
  });

  it('gives the UI a tape table whose adjoints are the gradient and whose sweep visits every edge', () => {
    const r = gradExpression('x*y + sin(x^2) - ln(y)', { x: 0.5, y: 4 });
    const t = r.tape!;
    expect(t.op).toEqual(['input', 'input', 'mul', 'square', 'sin', 'add', 'log', 'sub']);
    expect(t.parents).toEqual([[], [], [0, 1], [0], [3], [2, 4], [1], [5, 6]]);
    expect(t.partials[2]).toEqual([4, 0.5]);
    expect(t.output).toBe(7);
    expect(t.length).toBe(8);
    expect(t.bytes).toBe(8 * 40);
    expect([t.adjoints[0], t.adjoints[1]]).toEqual([r.gradient.reverse.x, r.gradient.reverse.y]);
    expect(t.sweep.count).toBe(t.parents.flat().length);
    expect([...t.sweep.adjoint]).toEqual([...t.adjoints]);
    expect(t.sources.map((s) => s.role)).toEqual(['variable', 'variable', 'result', 'result', 'result', 'result', 'result', 'result']);
    expect(t.sources[0].span).toEqual({ start: 0, end: 1 });
  });

  it('reports the central-difference step it took, scaled by max(1, |x|)', () => {
    const r = gradExpression('x*y', { x: 0.5, y: 4 });
    // The step actually taken, (x + h) − (x − h) halved, differs from h by rounding only.
    expect(r.finiteDifferenceStep.x / Math.cbrt(Number.EPSILON)).toBeCloseTo(1, 10);
    expect(r.finiteDifferenceStep.y / (4 * Math.cbrt(Number.EPSILON))).toBeCloseTo(1, 10);
    expect(gradExpression('x', { x: 0 }, { h: 1e-3 }).finiteDifferenceStep.x).toBe(1e-3);
  });

  it('handles an expression that is a single variable or has none', () => {
    expect(gradExpression('x', { x: 2 }).gradient.reverse).toEqual({ x: 1 });
    const c = gradExpression('2*pi', {});
    expect(c.value).toBe(2 * Math.PI);
    expect(c.variables).toEqual([]);
    expect(c.gradient.reverse).toEqual({});
  });

  it('says which variable lacks a value, and refuses non-finite values and (strict) unknown names', () => {
    expect(() => gradExpression('x*y', { x: 1 })).toThrow(new ExprInputError("no value for variable 'y' (the expression uses x, y)"));
    expect(() => gradExpression('x', { x: NaN })).toThrow(/the value of 'x' must be a finite number/);
    expect(gradExpression('x', { x: 1, z: 2 }).value).toBe(1);
    expect(() => gradExpression('x', { x: 1, z: 2 }, { strict: true })).toThrow(/has no variable 'z'/);
    expect(() => gradExpression('x +', {})).toThrow(ParseError);
  });

  it('every preset runs and explains itself', () => {
    for (const p of EXPRESSION_PRESETS) {
      const r = gradExpression(p.expression, p.at);
      expect(r.variables.sort()).toEqual(Object.keys(p.at).sort());
      expect(p.explanation.length).toBeGreaterThan(80);
    }
  });
});
