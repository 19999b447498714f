import { FUNCTION_OPS, type OpFunctionName } from '../ops.ts';

/**
 * The syntax tree of an expression. Every node keeps the span of source text it came from, so
 * the tape, the graph and error messages can point back at the characters a learner typed.
 */

/** Half-open range [start, end) of UTF-16 code units in the source; column = start + 1. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * Functions the expression compiler writes with several primitives (compile.ts): tan x = sin x /
 * cos x, sigmoid x = 1 / (1 + exp(−x)).
 */
export const COMPOSITE_FUNCTIONS = ['tan', 'sigmoid'] as const;

/** Functions of two arguments, parsed as binary nodes: max(a, b), min(a, b). */
export const TWO_ARGUMENT_FUNCTIONS = ['max', 'min'] as const;
export type TwoArgumentFunction = (typeof TWO_ARGUMENT_FUNCTIONS)[number];

/**
 * The functions the parser knows of one argument: the op table's functions (ops.ts; `ln`
 * and `log` are both the natural logarithm), then the composite ones. They may also be written
 * as methods, as micrograd does: `x.relu()` is `relu(x)`.
 */
export const FUNCTIONS: readonly FunctionName[] = [
  ...([...FUNCTION_OPS.keys()].filter((f) => !isTwoArgumentFunction(f)) as FunctionName[]),
  ...COMPOSITE_FUNCTIONS,
];
export type FunctionName = Exclude<OpFunctionName, TwoArgumentFunction> | (typeof COMPOSITE_FUNCTIONS)[number];

export function isTwoArgumentFunction(name: string): name is TwoArgumentFunction {
  return (TWO_ARGUMENT_FUNCTIONS as readonly string[]).includes(name);
}

/** Named constants: π and Euler's number e. */
export const CONSTANTS: Readonly<Record<'pi' | 'e', number>> = { pi: Math.PI, e: Math.E };
export type ConstantName = keyof typeof CONSTANTS;

/** The arithmetic operators, and max and min (written as functions, stored as binary nodes). */
export type BinaryOperator = '+' | '-' | '*' | '/' | '^' | TwoArgumentFunction;

/** A numeric literal such as 2, 0.5, .5 or 1e-3. */
export interface NumberNode {
  readonly kind: 'number';
  readonly value: number;
  readonly span: Span;
}

/** pi or e. */
export interface ConstantNode {
  readonly kind: 'constant';
  readonly name: ConstantName;
  readonly value: number;
  readonly span: Span;
}

/** An input to differentiate with respect to. */
export interface VariableNode {
  readonly kind: 'variable';
  readonly name: string;
  readonly span: Span;
}

/** −arg. */
export interface NegateNode {
  readonly kind: 'negate';
  readonly arg: Expr;
  readonly span: Span;
}

/** left op right. */
export interface BinaryNode {
  readonly kind: 'binary';
  readonly op: BinaryOperator;
  readonly left: Expr;
  readonly right: Expr;
  readonly span: Span;
}

/** fn(arg). */
export interface CallNode {
  readonly kind: 'call';
  readonly fn: FunctionName;
  readonly arg: Expr;
  readonly span: Span;
}

export type Expr = NumberNode | ConstantNode | VariableNode | NegateNode | BinaryNode | CallNode;

export function isFunctionName(name: string): name is FunctionName {
  return (FUNCTIONS as readonly string[]).includes(name);
}

export function isConstantName(name: string): name is ConstantName {
  return name === 'pi' || name === 'e';
}

/**
 * The expression fully parenthesised, so precedence and associativity can be read off:
 * `-x^2` shows as `(-(x ^ 2))`, `2^3^2` as `(2 ^ (3 ^ 2))`.
 */
export function show(e: Expr): string {
  switch (e.kind) {
    case 'number':
      return String(e.value);
    case 'constant':
    case 'variable':
      return e.name;
    case 'negate':
      return `(-${show(e.arg)})`;
    case 'binary':
      return isTwoArgumentFunction(e.op) ? `${e.op}(${show(e.left)}, ${show(e.right)})` : `(${show(e.left)} ${e.op} ${show(e.right)})`;
    case 'call':
      return `${e.fn}(${show(e.arg)})`;
  }
}

/** Variable names in order of first appearance, reading left to right. */
export function variablesOf(e: Expr): string[] {
  const seen: string[] = [];
  const visit = (n: Expr): void => {
    if (n.kind === 'variable') {
      if (!seen.includes(n.name)) seen.push(n.name);
    } else if (n.kind === 'negate' || n.kind === 'call') visit(n.arg);
    else if (n.kind === 'binary') {
      visit(n.left);
      visit(n.right);
    }
  };
  visit(e);
  return seen;
}

/** True when the subtree mentions no variable: its value is fixed. */
export function isConstantExpr(e: Expr): boolean {
  switch (e.kind) {
    case 'number':
    case 'constant':
      return true;
    case 'variable':
      return false;
    case 'negate':
    case 'call':
      return isConstantExpr(e.arg);
    case 'binary':
      return isConstantExpr(e.left) && isConstantExpr(e.right);
  }
}
