import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { show, type Expr } from '../../../engine/expr/ast.ts';
import { ParseError } from '../../../engine/expr/errors.ts';
import { gradExpression } from '../../../engine/expr/grad.ts';
import { parseExpression } from '../../../engine/expr/parser.ts';

/** Parses, and checks that anything thrown is a ParseError whose column lies within the input. */
function parseOrError(source: string): ReturnType<typeof parseExpression> | ParseError {
  try {
    return parseExpression(source);
  } catch (err) {
    expect(err).toBeInstanceOf(ParseError);
    const e = err as ParseError;
    expect(e.column).toBeGreaterThanOrEqual(1);
    expect(e.column).toBeLessThanOrEqual(source.length + 1);
    expect(e.message).toContain(`at column ${e.column}`);
    expect(e.span.end).toBeGreaterThanOrEqual(e.span.start);
    return e;
  }
}

const TOKENS = [
  'x', 'y', 'z1', '2', '0.5', '.5', '1e-3', '3E+2', 'pi', 'e', 'sin', 'cos', 'tan', 'tanh', 'exp', 'ln', 'log',
  'sqrt', 'abs', 'relu', 'sigmoid', 'sinh', 'f', '(', ')', '(', ')', '+', '-', '−', '*', '/', '^', '×', ' ', '  ',
  ',', '**', '#', '.', '1.2.3', 'constructor', '__proto__', 'toString',
];

/** Strings that would do something if they were ever evaluated as JavaScript. */
const HOSTILE = [
  'globalThis.__pwned = 1', 'process.exit(1)', "this.constructor.constructor('return process')()",
  "require('fs')", 'x; y', '`${x}`', 'alert(1)', 'x = 1', '(() => 1)()', 'new Function("1")', 'eval("1")',
  'x /* c */ + 1', 'x // c', '[1]', '{}', 'x?.y', "'s'", 'import("fs")',
];

describe('parser fuzzing', () => {
  it('any string either parses or throws a ParseError with a column inside it', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => void parseOrError(s)), { numRuns: 3000 });
  });

  it('token soup: errors stay ParseErrors; what parses prints back to itself and evaluates', () => {
    const soup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 14 }).map((t) => t.join(''));
    fc.assert(
      fc.property(soup, (s) => {
        const r = parseOrError(s);
        if (r instanceof ParseError) return;
        const printed = show(r.ast);
        expect(show(parseExpression(printed).ast)).toBe(printed);
        const g = gradExpression(s, Object.fromEntries(r.variables.map((v) => [v, 0.7])));
        expect(typeof g.value).toBe('number');
        expect(Object.keys(g.gradient.reverse)).toEqual(r.variables);
      }),
      { numRuns: 3000 },
    );
  });

  it('never runs code: JavaScript in the input is only ever a parse error', () => {
    const input = fc.tuple(fc.constantFrom(...HOSTILE), fc.constantFrom('', ' + x', 'x*', '(', ')')).map(([a, b]) => a + b);
    fc.assert(
      fc.property(input, (s) => {
        expect(parseOrError(s)).toBeInstanceOf(ParseError);
      }),
      { numRuns: 200 },
    );
    expect((globalThis as Record<string, unknown>).__pwned).toBeUndefined();
    const dir = join(import.meta.dirname, '../../../engine/expr');
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text, file).not.toMatch(/\beval\s*\(|new\s+Function|\bFunction\s*\(|\bimport\s*\(/);
    }
  });
});

/** An independent evaluator: the syntax tree read with Math's own functions, no tape. */
function evaluate(e: Expr, at: Record<string, number>): number {
  switch (e.kind) {
    case 'number':
    case 'constant':
      return e.value;
    case 'variable':
      return at[e.name];
    case 'negate':
      return -evaluate(e.arg, at);
    case 'binary': {
      const a = evaluate(e.left, at);
      const b = evaluate(e.right, at);
      return e.op === '+' ? a + b : e.op === '-' ? a - b : e.op === '*' ? a * b : e.op === '/' ? a / b : a ** b;
    }
    case 'call': {
      const x = evaluate(e.arg, at);
      const f: Record<string, (v: number) => number> = {
        sin: Math.sin, cos: Math.cos, tan: Math.tan, tanh: Math.tanh, exp: Math.exp, ln: Math.log, log: Math.log,
        sqrt: Math.sqrt, abs: Math.abs, relu: (v) => Math.max(v, 0), sigmoid: (v) => 1 / (1 + Math.exp(-v)),
      };
      return f[e.fn](x);
    }
  }
}

/**
 * Random smooth expressions in x and y, built so every primitive stays inside its domain and
 * away from kinks for x, y in [0.3, 2]: logarithms and roots see 1 + u², tangents see tanh u,
 * divisions see 2 + cos u, variable powers a base in [0.5, 2.5].
 */
const UNARY = ['sin(A)', 'cos(A)', 'tanh(A)', 'sigmoid(A)', 'exp(tanh(A))', 'ln(1 + (A)^2)', 'sqrt(1 + (A)^2)', 'tan(tanh(A))', '-(A)', '-A'];

const smooth: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('x', 'y', '0.5', '2', 'pi', '1e-1'),
    fc.tuple(fc.constantFrom(...UNARY), tie('e')).map(([f, a]) => f.replace('A', a)),
    fc.tuple(tie('e'), fc.constantFrom('+', '-', '*', '/', '^'), tie('e')).map(([a, op, b]) =>
      op === '/' ? `(${a})/(2 + cos(${b}))` : op === '^' ? `(1.5 + sin(${a}))^tanh(${b})` : `(${a}) ${op} (${b})`,
    ),
    fc.tuple(tie('e'), fc.constantFrom('^2', '^3', '^-1', '^0.5')).map(([a, p]) => `(1.2 + tanh(${a}))${p}`),
  ),
})).e;

const point = fc.record({ x: fc.double({ min: 0.3, max: 2, noNaN: true }), y: fc.double({ min: 0.3, max: 2, noNaN: true }) });

describe('gradients of random expressions', () => {
  it('the compiled program computes what the syntax tree says', () => {
    fc.assert(
      fc.property(smooth, point, (s, p) => {
        const parsed = parseExpression(s);
        const at = Object.fromEntries(parsed.variables.map((v) => [v, p[v as 'x' | 'y']]));
        const r = gradExpression(s, at, { tape: false });
        const ref = evaluate(parsed.ast, at);
        expect(Math.abs(r.value - ref)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(ref)));
      }),
      { numRuns: 300 },
    );
  });

  it('reverse mode agrees with dual numbers (1e-12) and with central differences (1e-6), relative to max(1, |g|)', () => {
    fc.assert(
      fc.property(smooth, point, (s, p) => {
        const parsed = parseExpression(s);
        const at = Object.fromEntries(parsed.variables.map((v) => [v, p[v as 'x' | 'y']]));
        const r = gradExpression(s, at, { tape: false });
        expect(r.warnings).toEqual([]);
        expect(r.differences.forwardVsReverseMax).toBeLessThanOrEqual(1e-12);
        expect(r.differences.finiteDifferenceVsReverseMax).toBeLessThanOrEqual(1e-6);
      }),
      { numRuns: 300 },
    );
  });
});
