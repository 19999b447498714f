import { describe, expect, it } from 'vitest';
import { floatArith } from '../../engine/arith.ts';
import { dualArith } from '../../engine/dual.ts';
import { FUNCTIONS, TWO_ARGUMENT_FUNCTIONS } from '../../engine/expr/ast.ts';
import { gradExpression } from '../../engine/expr/grad.ts';
import { applyOp } from '../../engine/generated/arithmetics.ts';
import { ARITY, HAS_CONSTANT, LAST_BINARY, LAST_SOURCE, Op, OPS, OP_NAME, OP_NAMES, FUNCTION_OPS, type Arith } from '../../engine/ops.ts';
import { Tape } from '../../engine/tape.ts';

/**
 * Where each op is checked, by its key in the op table: points away from its kinks and the edges
 * of its domain, its constant k for the ops that take one, and its partials in closed form,
 * written here from calculus and not from the table's strings (which both the tape and the dual
 * numbers are generated from), in another form where there is one. Every op of the table must be here.
 */
const CHECKS: Record<string, { at: number[][]; k?: number; partials: (u: number, w: number, k: number) => number[] }> = {
  Add: { at: [[0.7, -1.9], [-3, 2.5]], partials: () => [1, 1] },
  Sub: { at: [[0.7, -1.9], [-3, 2.5]], partials: () => [1, -1] },
  Mul: { at: [[0.7, -1.9], [-3, 2.5]], partials: (u, w) => [w, u] },
  Div: { at: [[0.7, -1.9], [-3, 2.5]], partials: (u, w) => [1 / w, -u / (w * w)] },
  Max: { at: [[0.7, -1.9], [-3, 2.5]], partials: (u, w) => (u > w ? [1, 0] : [0, 1]) },
  Min: { at: [[0.7, -1.9], [-3, 2.5]], partials: (u, w) => (u < w ? [1, 0] : [0, 1]) },
  Pow: { at: [[0.7, 1.9], [2.5, -0.5], [3, 2]], partials: (u, w) => [(w * u ** w) / u, u ** w * Math.log(u)] },
  Neg: { at: [[-1.3], [0.2], [2]], partials: () => [-1] },
  MulConst: { at: [[-1.3], [0.7]], k: -2.5, partials: (_u, _w, k) => [k] },
  AddConst: { at: [[-1.3], [0.7]], k: 3.25, partials: () => [1] },
  Sin: { at: [[-1.3], [0.2], [2]], partials: (u) => [Math.cos(u)] },
  Cos: { at: [[-1.3], [0.2], [2]], partials: (u) => [-Math.sin(u)] },
  Tanh: { at: [[-1.3], [0.2], [2]], partials: (u) => [1 / Math.cosh(u) ** 2] },
  Exp: { at: [[-1.3], [0.2], [2]], partials: (u) => [Math.exp(u)] },
  Log: { at: [[0.3], [1], [4]], partials: (u) => [1 / u] },
  Sqrt: { at: [[0.3], [1], [4]], partials: (u) => [1 / (2 * Math.sqrt(u))] },
  Square: { at: [[-1.3], [0.2], [2]], partials: (u) => [u + u] },
  Relu: { at: [[-1.3], [0.2], [2]], partials: (u) => [u > 0 ? 1 : 0] },
  Abs: { at: [[-1.3], [0.2], [2]], partials: (u) => [Math.sign(u)] },
  PowConst: { at: [[0.3], [1], [4]], k: 2.5, partials: (u, _w, k) => [(k * u ** k) / u] },
  Atan: { at: [[-30], [-0.4], [0], [1], [2.5]], partials: (u) => [1 / (1 + u ** 2)] },
};

/** Op `code` as a function of its operands, with any arithmetic (y is x for unary ops). */
const opFunction =
  (code: number, k: number) =>
  <V>(ar: Arith<V>, x: V, y: V): V =>
    applyOp(ar, code, x, y, k);

/** Central difference of f at x with step h: error O(h²) plus rounding O(ε/h). */
const central = (f: (x: number) => number, x: number, h = 1e-6) => (f(x + h) - f(x - h)) / (2 * h);

describe('the op table', () => {
  it('orders the rows as the tape assumes: sources, binary ops, unary ops; codes are row indices', () => {
    expect(OPS.map((r) => r.arity)).toEqual(ARITY);
    OPS.forEach((row, code) => {
      expect(Op[row.key as keyof typeof Op]).toBe(code);
      expect(OP_NAMES[code]).toBe(row.name);
      expect(ARITY[code] === 0).toBe(code <= LAST_SOURCE);
      expect(ARITY[code] === 2).toBe(code > LAST_SOURCE && code <= LAST_BINARY);
    });
    for (const code of Object.values(Op)) expect(OP_NAMES[code]).toBe(OP_NAME[code]);
    expect(new Set(OP_NAMES).size).toBe(OPS.length);
  });

  it('lists a check for every op it differentiates', () => {
    const ops = OPS.filter((r) => r.arity > 0).map((r) => r.key);
    expect(Object.keys(CHECKS).sort()).toEqual([...ops].sort());
  });

  it('gives every function that is one op to the parser (max and min as functions of two arguments)', () => {
    for (const name of FUNCTION_OPS.keys()) expect([...FUNCTIONS, ...TWO_ARGUMENT_FUNCTIONS]).toContain(name);
  });

  describe('every op, differentiated three ways and each compared with its closed form: the tape (reverse), dual numbers (forward), central differences', () => {
    for (const [key, check] of Object.entries(CHECKS)) {
      const code = Op[key as keyof typeof Op];
      const k = check.k ?? 0;
      const f = opFunction(code, k);
      it(`${key} (${OP_NAMES[code]}): value as plain floats; reverse and forward equal the closed form to 1e-15, central differences (h = 1e-6) to 1e-7, relative to max(1, |g|)`, () => {
        expect(HAS_CONSTANT[code]).toBe(check.k !== undefined);
        for (const point of check.at) {
          const [u, w = u] = point;
          const binary = ARITY[code] === 2;
          const tape = new Tape();
          const x = tape.leaf(u);
          const y = binary ? tape.leaf(w) : x;
          const z = f(tape, x, y);
          expect(tape.value(z)).toBe(f(floatArith, u, w));
          expect(tape.issues).toEqual([]);
          const adj = tape.backward(z);
          const partials = binary ? [adj[x], adj[y]] : [adj[x]];
          const forward = binary
            ? [f(dualArith, { v: u, d: 1 }, { v: w, d: 0 }).d, f(dualArith, { v: u, d: 0 }, { v: w, d: 1 }).d]
            : [f(dualArith, { v: u, d: 1 }, { v: u, d: 1 }).d];
          const numeric = binary
            ? [central((s) => f(floatArith, s, w), u), central((s) => f(floatArith, u, s), w)]
            : [central((s) => f(floatArith, s, s), u)];
          const exact = check.partials(u, w, k);
          expect(partials).toHaveLength(exact.length);
          exact.forEach((g, j) => {
            const scale = Math.max(1, Math.abs(g));
            expect(Math.abs(partials[j] - g)).toBeLessThanOrEqual(1e-15 * scale);
            expect(Math.abs(forward[j] - g)).toBeLessThanOrEqual(1e-15 * scale);
            expect(Math.abs(numeric[j] - g)).toBeLessThanOrEqual(1e-7 * scale);
          });
        }
      });
    }
  });
});

describe('atan in expressions', () => {
  it('atan(x*y) at (1, 2): ∂/∂x = y/(1 + x²y²) = 0.4, ∂/∂y = x/(1 + x²y²) = 0.2 by reverse, forward and central differences', () => {
    const r = gradExpression('atan(x*y)', { x: 1, y: 2 });
    expect(r.value).toBe(Math.atan(2));
    expect(Math.abs(r.gradient.reverse.x - 0.4)).toBeLessThanOrEqual(1e-15);
    expect(Math.abs(r.gradient.reverse.y - 0.2)).toBeLessThanOrEqual(1e-15);
    expect(Math.abs(r.gradient.forward.x - 0.4)).toBeLessThanOrEqual(1e-15);
    expect(Math.abs(r.gradient.forward.y - 0.2)).toBeLessThanOrEqual(1e-15);
    expect(r.differences.finiteDifferenceVsReverseMax).toBeLessThan(1e-9);
    expect(r.warnings).toEqual([]);
  });
});
