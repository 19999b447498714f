import { describe, expect, it } from 'vitest';
import { floatArith } from '../../../engine/arith.ts';
import { compileExpression } from '../../../engine/expr/compile.ts';
import { ParseError } from '../../../engine/expr/errors.ts';
import { gradExpression } from '../../../engine/expr/grad.ts';
import { parseExpression, MAX_DEPTH, MAX_SOURCE_LENGTH } from '../../../engine/expr/parser.ts';
import { show } from '../../../engine/expr/ast.ts';
import { runProgram } from '../../../engine/program.ts';

type Case = [source: string, at: Record<string, number>, value: number, gradient: number[]];

const sig = (x: number) => 1 / (1 + Math.exp(-x));

/** Valid expressions: value and gradient (in order of first appearance) worked out by hand. */
const VALID: Case[] = [
  ['2 + 3*4', {}, 14, []],
  ['10 - 4 - 3', {}, 3, []],
  ['10 / 4 / 5', {}, 0.5, []],
  ['2^3^2', {}, 512, []],
  ['-2^2', {}, -4, []],
  ['(-2)^2', {}, 4, []],
  ['2^-1', {}, 0.5, []],
  ['1e-3 + .5 + 1. + 2E2', {}, 201.501, []],
  ['--3', {}, 3, []],
  ['pi', {}, Math.PI, []],
  ['e', {}, Math.E, []],
  ['x*y + sin(x^2) - ln(y)', { x: 0.5, y: 4 }, 0.5 * 4 + Math.sin(0.25) - Math.log(4), [4 + Math.cos(0.25), 0.25]],
  ['x*x + x', { x: 3 }, 12, [7]],
  ['-x^2', { x: 3 }, -9, [-6]],
  ['x^3', { x: 2 }, 8, [12]],
  ['x^(1/2)', { x: 4 }, 2, [0.25]],
  ['x^y', { x: 2, y: 3 }, 8, [12, 8 * Math.LN2]],
  ['2^x', { x: 3 }, 8, [8 * Math.LN2]],
  ['e^x', { x: 1 }, Math.E, [Math.E]],
  ['sin(x) + cos(x)', { x: 0.7 }, Math.sin(0.7) + Math.cos(0.7), [Math.cos(0.7) - Math.sin(0.7)]],
  ['tan(x)', { x: 0.3 }, Math.tan(0.3), [1 / Math.cos(0.3) ** 2]],
  ['tanh(x)', { x: 0.4 }, Math.tanh(0.4), [1 - Math.tanh(0.4) ** 2]],
  ['exp(2*x)', { x: 0.5 }, Math.E, [2 * Math.E]],
  ['ln(x)', { x: 2 }, Math.LN2, [0.5]],
  ['log(x)', { x: 2 }, Math.LN2, [0.5]],
  ['sqrt(x)', { x: 4 }, 2, [0.25]],
  ['abs(x)', { x: -3 }, 3, [-1]],
  ['relu(x)', { x: -1 }, 0, [0]],
  ['relu(x)', { x: 2 }, 2, [1]],
  ['sigmoid(x)', { x: 0.2 }, sig(0.2), [sig(0.2) * (1 - sig(0.2))]],
  ['pi*x', { x: 1 }, Math.PI, [Math.PI]],
  ['3 − x × 2 ÷ 4 · y', { x: 1, y: 2 }, 2, [-1, -0.5]],
  ['  x_1 +\tX2 ', { x_1: 1, X2: 2 }, 3, [1, 1]],
  ['y/x - 1', { y: 3, x: 2 }, 0.5, [0.5, -0.75]],
  ['(x)', { x: 5 }, 5, [1]],
];

/** Malformed expressions: the column and the words of the error. */
const INVALID: [source: string, column: number, message: string][] = [
  ['x + )', 5, "unexpected ')' at column 5"],
  ['(x + 1))', 8, "unexpected ')' at column 8"],
  [')', 1, "unexpected ')' at column 1"],
  ['sinh(x)', 1, "unknown function 'sinh' at column 1"],
  ['f(x)', 1, "unknown function 'f' at column 1"],
  ['sin(x', 4, "expected ')' to close '(' at column 4"],
  ['((x)', 1, "expected ')' to close '(' at column 1"],
  ['x +', 4, 'unexpected end of expression at column 4'],
  ['-', 2, 'unexpected end of expression at column 2'],
  ['x^', 3, 'unexpected end of expression at column 3'],
  ['', 1, 'the expression is empty at column 1'],
  ['   ', 1, 'the expression is empty at column 1'],
  ['2x', 2, "missing operator before 'x' at column 2: implicit multiplication is not allowed"],
  ['x y', 3, "missing operator before 'y' at column 3"],
  ['2(x+1)', 2, "missing operator before '(' at column 2"],
  ['(x)(y)', 4, "missing operator before '(' at column 4"],
  ['x sin(y)', 3, "missing operator before 'sin' at column 3"],
  ['sin(x y)', 7, "missing operator before 'y' at column 7"],
  ['x***2', 4, "unexpected '*' at column 4"],
  ['*x', 1, "unexpected '*' at column 1"],
  ['3 + * 4', 5, "unexpected '*' at column 5"],
  ['+x', 1, "unexpected '+' at column 1"],
  ['sin x', 5, "expected '(' after function 'sin' at column 5"],
  ['sin', 4, "expected '(' after function 'sin' at column 4"],
  ['pi(2)', 1, "'pi' is a constant, not a function at column 1"],
  ['()', 2, "unexpected ')' at column 2"],
  ['maxi(x,y)', 1, "unknown function 'maxi' at column 1"],
  ['max(x)', 6, "'max' takes two arguments at column 6"],
  ['1,2', 2, "unexpected ',' at column 2: only max and min take two arguments"],
  ['x # y', 3, "unexpected character '#' at column 3"],
  ['x = 1', 3, "unexpected character '=' at column 3"],
  ['1e999', 1, "number '1e999' is too large at column 1"],
  ['1.5.2', 4, "missing operator before '.2' at column 4"],
  ['2e', 2, "missing operator before 'e' at column 2"],
  ['x\u0000', 2, "unexpected character '\\u{0}' at column 2"],
];

describe('parseExpression', () => {
  it.each(VALID)('%s has the value and gradient worked out by hand', (source, at, value, gradient) => {
    const r = gradExpression(source, at);
    expect(r.value).toBeCloseTo(value, 13);
    expect(r.variables.map((v) => r.gradient.reverse[v])).toEqual(gradient.map((g) => expect.closeTo(g, 12)));
    expect(r.variables.map((v) => r.gradient.forward[v])).toEqual(gradient.map((g) => expect.closeTo(g, 12)));
  });

  it.each(INVALID)('%j is an error at column %i', (source, column, message) => {
    let caught: unknown;
    try {
      parseExpression(source);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ParseError);
    const err = caught as ParseError;
    expect(err.column).toBe(column);
    expect(err.message.startsWith(message)).toBe(true);
  });

  it('binds unary minus looser than ^, and ^ to the right; * and / to the left', () => {
    const shown = (s: string) => show(parseExpression(s).ast);
    expect(shown('-x^2')).toBe('(-(x ^ 2))');
    expect(shown('2^3^x')).toBe('(2 ^ (3 ^ x))');
    expect(shown('x^-y^2')).toBe('(x ^ (-(y ^ 2)))');
    expect(shown('a - b - c')).toBe('((a - b) - c)');
    expect(shown('a / b * c')).toBe('((a / b) * c)');
    expect(shown('a + b * c ^ d')).toBe('(a + (b * (c ^ d)))');
    expect(shown('-sin(x)^2')).toBe('(-(sin(x) ^ 2))');
  });

  it('collects variables in order of first appearance, not treating functions or constants as variables', () => {
    expect(parseExpression('y*sin(x) + e^y + pi*z + x').variables).toEqual(['y', 'x', 'z']);
    expect(parseExpression('constructor + __proto__').variables).toEqual(['constructor', '__proto__']);
  });

  it('keeps each node’s source span, parentheses included', () => {
    const src = 'x*y + (sin(x^2))';
    const c = compileExpression(src);
    const sin = c.nodes.findIndex((n) => n.fn === 'sin');
    expect(src.slice(c.nodes[sin].span.start, c.nodes[sin].span.end)).toBe('(sin(x^2))');
    const sum = c.nodes.length - 1;
    expect(src.slice(c.nodes[sum].span.start, c.nodes[sum].span.end)).toBe(src);
  });

  it('refuses deep nesting and very long input with a column, not a stack overflow', () => {
    const deep = '('.repeat(MAX_DEPTH + 50) + 'x' + ')'.repeat(MAX_DEPTH + 50);
    expect(() => parseExpression(deep)).toThrow(new RegExp(`nests more than ${MAX_DEPTH} levels deep at column ${MAX_DEPTH + 1}`));
    expect(() => parseExpression('-'.repeat(5000) + 'x')).toThrow(ParseError);
    expect(() => parseExpression('x+'.repeat(MAX_SOURCE_LENGTH) + 'x')).toThrow(/longer than 2000 characters at column 2001/);
    const ok = '('.repeat(MAX_DEPTH - 1) + 'x' + ')'.repeat(MAX_DEPTH - 1);
    expect(parseExpression(ok).variables).toEqual(['x']);
  });
});

describe('compileExpression', () => {
  it('lowers the card’s expression to one node per primitive, as the card draws it', () => {
    const c = compileExpression('x*y + sin(x^2) - ln(y)');
    const ops = [...c.program.op];
    expect(c.nodes.map((n) => n.label)).toEqual(['x', 'y', 'x*y', 'x^2', 'sin(x^2)', 'x*y + sin(x^2)', 'ln(y)', 'x*y + sin(x^2) - ln(y)']);
    expect(ops).toHaveLength(6);
    expect(runProgram(floatArith, c.program, [0.5, 4])).toBe(0.5 * 4 + Math.sin(0.25) - Math.log(4));
  });

  it('folds literal operands into scale and shift nodes and constant exponents into pow', () => {
    const ops = (s: string) => gradExpression(s, { x: 2 }).tape?.op;
    expect(ops('3*x + 1')).toEqual(['input', 'scale', 'shift']);
    expect(ops('x - 2')).toEqual(['input', 'shift']);
    expect(ops('-2*x')).toEqual(['input', 'scale']);
    expect(ops('x^(1/2)')).toEqual(['input', 'pow']);
    expect(ops('x^2')).toEqual(['input', 'square']);
    expect(ops('2 - x')).toEqual(['input', 'const', 'sub']);
    expect(ops('2^x')).toEqual(['input', 'scale', 'exp']);
    expect(ops('x^x')).toEqual(['input', 'power']);
    expect(ops('tan(x)')).toEqual(['input', 'sin', 'cos', 'div']);
    expect(ops('sigmoid(x)')).toEqual(['input', 'neg', 'exp', 'shift', 'const', 'div']);
  });
});
