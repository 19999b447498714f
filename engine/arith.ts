/**
 * The small arithmetic interface every differentiation method implements.
 *
 * The chain is written once against `Arith<V>` and run with plain floats (`V = number`), with a
 * tape (`V` is a node index), and with dual numbers (`V` carries tangents). Whatever the method,
 * the primitives are the same, so the three gradients come from the same program.
 */
export interface Arith<V> {
  /** A value that does not depend on anything being differentiated. */
  constant(c: number): V;
  add(x: V, y: V): V;
  sub(x: V, y: V): V;
  mul(x: V, y: V): V;
  div(x: V, y: V): V;
  neg(x: V): V;
  /** k · x for a constant k (one unary node rather than a constant and a product). */
  mulConst(x: V, k: number): V;
  /** x + k for a constant k. */
  addConst(x: V, k: number): V;
  sin(x: V): V;
  cos(x: V): V;
  tanh(x: V): V;
  exp(x: V): V;
  /** Natural logarithm. */
  log(x: V): V;
  sqrt(x: V): V;
  square(x: V): V;
  /** max(x, 0), with relu'(0) = 0. */
  relu(x: V): V;
  /** |x|, with |x|'(0) = 0. */
  abs(x: V): V;
  /** x^p for a constant exponent p. */
  powConst(x: V, p: number): V;
  /** The primal value carried by x. */
  value(x: V): number;
}

/** Local derivatives of the unary primitives at x (with y = f(x) already known), in one place. */
export const unaryPartials = {
  sin: (x: number) => Math.cos(x),
  cos: (x: number) => -Math.sin(x),
  tanh: (_x: number, y: number) => 1 - y * y,
  exp: (_x: number, y: number) => y,
  log: (x: number) => 1 / x,
  sqrt: (_x: number, y: number) => 0.5 / y,
  square: (x: number) => 2 * x,
  relu: (x: number) => (x > 0 ? 1 : 0),
  abs: (x: number) => (x > 0 ? 1 : x < 0 ? -1 : 0),
} as const;

/** d(x^p)/dx = p·x^(p−1), with the conventions 0^0 → 1 and d/dx x^0 = 0. */
export function powPartial(x: number, p: number): number {
  if (p === 0) return 0;
  if (p === 1) return 1;
  return p * Math.pow(x, p - 1);
}

/** Plain floating-point evaluation: the primal program with nothing recorded. */
export const floatArith: Arith<number> = {
  constant: (c) => c,
  add: (x, y) => x + y,
  sub: (x, y) => x - y,
  mul: (x, y) => x * y,
  div: (x, y) => x / y,
  neg: (x) => -x,
  mulConst: (x, k) => k * x,
  addConst: (x, k) => x + k,
  sin: Math.sin,
  cos: Math.cos,
  tanh: Math.tanh,
  exp: Math.exp,
  log: Math.log,
  sqrt: Math.sqrt,
  square: (x) => x * x,
  relu: (x) => (x > 0 ? x : 0),
  abs: Math.abs,
  powConst: (x, p) => Math.pow(x, p),
  value: (x) => x,
};
