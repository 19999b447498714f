import { describe, expect, it } from 'vitest';
import { ExprInputError, ParseError } from '../../../engine/expr/errors.ts';
import { compileExpression } from '../../../engine/expr/compile.ts';
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
    // Just off the kink the tape's slope is exact, but central differences straddle the kink and say so.
    expect(gradExpression('relu(x)', { x: 1e-300 }).warnings.map((w) => w.kind)).toEqual(['precision']);
    expect(gradExpression('relu(x)', { x: 0.5 }).warnings).toEqual([]);
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
    expect(messages(preset('negative-base'))[0]).toMatch(/^'x\^y' is NaN: a negative base \(-2\) needs a whole-number exponent, not 0.5 \(PyTorch gives NaN too\)/);
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

describe('programs', () => {
  // micrograd's README example, pasted as printed (karpathy/micrograd, README.md, "Example usage").
  const README = `from micrograd.engine import Value

a = Value(-4.0)
b = Value(2.0)
c = a + b
d = a * b + b**3
c += c + 1
c += 1 + c + (-a)
d += d * 2 + (b + a).relu()
d += 3 * d + (b - a).relu()
e = c - d
f = e**2
g = f / 2.0
g += 10.0 / f
print(f'{g.data:.4f}') # prints 24.7041, the outcome of this forward pass
g.backward()
print(f'{a.grad:.4f}') # prints 138.8338, i.e. the numerical value of dg/da
print(f'{b.grad:.4f}') # prints 645.5773, i.e. the numerical value of dg/db`;

  it("runs micrograd's README example as pasted: 24.7041, dg/da 138.8338, dg/db 645.5773", () => {
    const c = compileExpression(README);
    expect(c.variables).toEqual(['a', 'b']);
    expect(c.declared).toEqual({ a: -4, b: 2 });
    expect(c.notes.map((n) => n.line)).toEqual([1, 15, 16, 17, 18]);
    const r = gradExpression(c, {});
    expect(r.value.toFixed(4)).toBe('24.7041');
    expect(r.gradient.reverse.a.toFixed(4)).toBe('138.8338');
    expect(r.gradient.reverse.b.toFixed(4)).toBe('645.5773');
    expect(r.gradient.forward.b).toBeCloseTo(r.gradient.reverse.b, 10);
  });

  it('names nodes by the program’s names, with a prime for each rebinding', () => {
    const c = compileExpression(README);
    const named = c.nodes.filter((n) => n.name !== undefined).map((n) => n.name);
    expect(named).toEqual(['c', 'd', 'c′', 'c″', 'd′', 'd″', 'e', 'f', 'g', 'g′']);
    expect(c.nodes[c.program.output].label).toBe('g′');
    const s = compileExpression('x = Value(-4.0)\nz = 2 * x + 2 + x\nq = z.relu() + z * x\nh = (z * z).relu()\ny = h + q + q * x');
    expect(['z', 'q', 'h', 'y'].every((n) => s.nodes.some((node) => node.label === n))).toBe(true);
  });

  it('reads ; and newlines, += -= *= /=, ** and ^, max and min, methods and # comments alike', () => {
    const one = gradExpression('u = x*y; u += 1; u -= x; u *= 2; u /= 4 # a comment', { x: 3, y: 5 });
    expect(one.value).toBe(((3 * 5 + 1 - 3) * 2) / 4);
    expect(gradExpression('x**3 + x^2', { x: 2 }).gradient.reverse.x).toBe(12 + 4);
    const m = gradExpression('2*(x*y + max(z,w))', { x: 3, y: -4, z: 2, w: -1 });
    expect(m.gradient.reverse).toEqual({ x: -8, y: 6, z: 2, w: 0 });
    expect(gradExpression('min(x, y)', { x: 3, y: -4 }).gradient.reverse).toEqual({ x: 0, y: 1 });
    expect(gradExpression('x.tanh().exp()', { x: 0.3 }).value).toBeCloseTo(Math.exp(Math.tanh(0.3)), 15);
    expect(gradExpression('x.sigmoid() + x.log()', { x: 2 }).value).toBeCloseTo(1 / (1 + Math.exp(-2)) + Math.log(2), 15);
    // A final bare expression is the output; a name assigned to the constant e shadows it.
    expect(gradExpression('e = x + 1\ne * 2', { x: 1 }).value).toBe(4);
  });

  it('names the line and column of a problem in a program of several lines', () => {
    const message = (s: string) => {
      try {
        compileExpression(s);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    };
    expect(message('a = Value(1.0)\nb = a *\nc = b')).toBe('unexpected end of expression at line 2, column 8');
    expect(message('a = 1\nb = a.foo()')).toMatch(/^unknown method '\.foo' at line 2, column 7/);
    expect(message('y = x * 2\nx = Value(3)')).toMatch(/^'x' is declared with Value\(…\) after it is used at line 2, column 1/);
    expect(message('print(x)\ng.backward()')).toMatch(/^the program computes nothing/);
  });

  it('follows PyTorch at a negative base, 0^0 and a tie of max, and says so', () => {
    const p = gradExpression('x^y', { x: -2, y: 3 });
    expect([p.value, p.gradient.reverse.x, p.gradient.forward.x]).toEqual([-8, 12, 12]);
    expect(p.gradient.reverse.y).toBeNaN();
    expect(p.warnings[0].message).toMatch(/as in PyTorch, its value is -8 and ∂\/∂base = 12/);
    const z = gradExpression('x^y', { x: 0, y: 0 });
    expect([z.value, z.gradient.reverse.x, z.gradient.reverse.y]).toEqual([1, 0, 0]);
    expect(z.warnings[0].message).toMatch(/0\^0, taken as 1 with partials 0, as PyTorch does/);
    const t = gradExpression('max(x, y)', { x: 2, y: 2 });
    expect(t.gradient.reverse).toEqual({ x: 0.5, y: 0.5 });
    expect(t.warnings[0].message).toMatch(/torch\.maximum/);
  });

  it('warns where central differences cannot resolve the slope (tan at π/2)', () => {
    const r = gradExpression('tan(x)', { x: Math.PI / 2 });
    expect(r.warnings.map((w) => w.kind)).toEqual(['precision']);
    expect(r.warnings[0].message).toMatch(/^central differences cannot resolve the slope in x here/);
    expect(gradExpression('tan(x)', { x: 1 }).warnings).toEqual([]);
  });
});
