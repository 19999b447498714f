import { describe, expect, it } from 'vitest';
import { evaluatePlayground, EXPRESSION_PRESETS, gradExpression } from '../../../engine/expr/index.ts';

const ok = (source: string, at: Record<string, number> = {}) => {
  const out = evaluatePlayground({ source, at });
  if (!out.ok) throw new Error(out.problem.message);
  return out.result;
};

describe('evaluatePlayground', () => {
  it('gives the card example by all three methods, a row per variable', () => {
    const r = ok('x*y + sin(x^2) - ln(y)', { x: 0.5, y: 4 });
    expect(r.variables).toEqual(['x', 'y']);
    const [x, y] = r.rows;
    expect(x.reverse).toBeCloseTo(4 + Math.cos(0.25), 14);
    expect(y.reverse).toBeCloseTo(0.25, 14);
    expect(x.forward).toBe(x.reverse);
    expect(x.finiteDifferenceVsReverse).toBeLessThan(1e-8);
    expect(x.h).toBeGreaterThan(0);
    expect(r.value).toBeCloseTo(2 + Math.sin(0.25) - Math.log(4), 14);
  });

  it('returns the tape as a TapeView whose adjoints are the reverse gradient, with the source of every node', () => {
    const r = ok('x*x + x', { x: 3 });
    expect(r.tape.length).toBe(r.labels.length);
    expect(r.tape.adjoint[0]).toBe(7);
    expect(r.tape.name[0]).toBe('x');
    expect(r.labels.at(-1)).toBe('x*x + x');
    expect(r.spans.at(-1)).toEqual({ start: 0, end: 7 });
    expect(r.tape.uses[0]).toBe(3);
    expect(r.rows[0].overwritten).not.toBe(7);
    expect(r.bytes).toBe(r.tape.length * 40);
  });

  it('gives a new variable the fallback value and ignores values for names not used', () => {
    const r = ok('a*b', { a: 2, zzz: 5 });
    expect(r.at).toEqual({ a: 2, b: 1 });
    const three = evaluatePlayground({ source: 'b', at: { b: NaN }, fallback: 3 });
    expect(three.ok && three.result.at).toEqual({ b: 3 });
  });

  it('takes any variable name as data: __proto__ and constructor are variables like x', () => {
    const r = ok('__proto__*constructor', JSON.parse('{"__proto__": 3, "constructor": 2}'));
    expect(r.at).toEqual(JSON.parse('{"__proto__": 3, "constructor": 2}'));
    expect(r.rows.map((row) => row.reverse)).toEqual([2, 3]);
  });

  it('reports a parse error with its column instead of throwing', () => {
    const out = evaluatePlayground({ source: 'sin(x))', at: {} });
    expect(out).toEqual({
      ok: false,
      problem: { kind: 'parse', message: "unexpected ')' at column 7", column: 7, span: { start: 6, end: 7 } },
    });
  });

  it('refuses more variables than it offers controls for, pointing at the first one too many', () => {
    const out = evaluatePlayground({ source: 'a+b+c', at: {}, maxVariables: 2 });
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.problem.column).toBe(5);
      expect(out.problem.message).toContain("'c' at column 5");
    }
  });

  it('names the node and span of a domain error (ln at 0) and the convention at a kink (relu at 0)', () => {
    const ln = ok('ln(x)', { x: 0 });
    expect(ln.warnings.map((w) => w.kind)).toEqual(['domain']);
    expect(ln.warnings[0].message).toMatch(/ln\(0\) is -Infinity/);
    expect(ln.warnings[0].span).toEqual({ start: 0, end: 5 });
    const relu = ok('relu(x)', { x: 0 });
    expect(relu.warnings[0].kind).toBe('convention');
    expect(relu.rows[0].reverse).toBe(0);
    expect(relu.rows[0].finiteDifference).toBeCloseTo(0.5, 10);
  });

  it('agrees with gradExpression on every preset', () => {
    for (const p of EXPRESSION_PRESETS) {
      const r = ok(p.expression, { ...p.at });
      const g = gradExpression(p.expression, p.at);
      for (const row of r.rows) {
        expect(Object.is(row.reverse, g.gradient.reverse[row.name]), `${p.id} ${row.name}`).toBe(true);
        expect(Object.is(row.forward, g.gradient.forward[row.name])).toBe(true);
      }
      expect(Array.from(r.tape.adjoint)).toEqual(Array.from(g.tape!.adjoints));
    }
  });

  it('carries the bugs on each preset: right is the reverse column, overwrite the = column, zero-grad twice right', () => {
    for (const p of EXPRESSION_PRESETS) {
      const r = ok(p.expression, { ...p.at });
      expect(r.bugs.rows.map((b) => b.name)).toEqual(r.variables);
      r.rows.forEach((row, j) => {
        const b = r.bugs.rows[j];
        expect(Object.is(b.right, row.reverse), `${p.id} ${row.name}`).toBe(true);
        expect(Object.is(b.overwrite, row.overwritten), `${p.id} ${row.name}`).toBe(true);
        expect(b.zeroGrad).toBe(2 * b.right);
      });
      expect(r.bugs.retainGraph.error).toMatch(/second time/);
    }
  });
});

describe('evaluatePlayground with a program', () => {
  const src = 'a = Value(-4.0)\nb = a * a + x';
  it('new text takes the values the program declares; a moved value wins after that', () => {
    const fresh = evaluatePlayground({ source: src, at: { a: 1, x: 2 }, declaredFirst: true });
    if (!fresh.ok) throw new Error(fresh.problem.message);
    expect(fresh.result.at).toEqual({ a: -4, x: 2 });
    expect(fresh.result.value).toBe(18);
    expect(fresh.result.isProgram).toBe(true);
    expect(fresh.result.labels[fresh.result.tape.output]).toBe('b');
    const moved = evaluatePlayground({ source: src, at: { a: 1, x: 2 } });
    if (!moved.ok) throw new Error(moved.problem.message);
    expect(moved.result.at.a).toBe(1);
  });

  it('offers Practice on this with the undeclared inputs declared at their values, or says why not', () => {
    const r = evaluatePlayground({ source: 'c = a + b\ne = c * (b + 1)', at: { a: 2, b: 1 } });
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.result.practice).toEqual({ program: 'a = Value(2)\nb = Value(1)\nc = a + b\ne = c * (b + 1)', reason: null });
    const twice = evaluatePlayground({ source: 'x*x', at: { x: 3 } });
    if (!twice.ok) throw new Error(twice.problem.message);
    expect(twice.result.practice).toEqual({ program: 'x = Value(3)\nx*x', reason: null });
    const deep = evaluatePlayground({ source: 'y = x' + ' * x'.repeat(20), at: { x: 1.01 } });
    if (!deep.ok) throw new Error(deep.problem.message);
    expect(deep.result.practice.reason).toMatch(/^the program records 21 nodes; a practice problem takes at most 16$/);
  });

  it('names the line and column of a bad program', () => {
    const bad = evaluatePlayground({ source: 'a = 1\nb = a +* 2', at: {} });
    expect(bad).toMatchObject({ ok: false, problem: { kind: 'parse', message: "unexpected '*' at line 2, column 8" } });
  });
});
