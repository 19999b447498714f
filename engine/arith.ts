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

/**
 * Plain floating-point evaluation: the primal program with nothing recorded. A class rather than
 * an object literal: literals with the same keys share one hidden class in V8, so a call site
 * that saw two of them could not tell their methods apart and would stop inlining them.
 */
export class FloatArith implements Arith<number> {
  constant(c: number): number {
    return c;
  }
  add(x: number, y: number): number {
    return x + y;
  }
  sub(x: number, y: number): number {
    return x - y;
  }
  mul(x: number, y: number): number {
    return x * y;
  }
  div(x: number, y: number): number {
    return x / y;
  }
  neg(x: number): number {
    return -x;
  }
  mulConst(x: number, k: number): number {
    return k * x;
  }
  addConst(x: number, k: number): number {
    return x + k;
  }
  sin(x: number): number {
    return Math.sin(x);
  }
  cos(x: number): number {
    return Math.cos(x);
  }
  tanh(x: number): number {
    return Math.tanh(x);
  }
  exp(x: number): number {
    return Math.exp(x);
  }
  log(x: number): number {
    return Math.log(x);
  }
  sqrt(x: number): number {
    return Math.sqrt(x);
  }
  square(x: number): number {
    return x * x;
  }
  relu(x: number): number {
    return x > 0 ? x : 0;
  }
  abs(x: number): number {
    return Math.abs(x);
  }
  powConst(x: number, p: number): number {
    return Math.pow(x, p);
  }
  value(x: number): number {
    return x;
  }
}

/** The one plain-float arithmetic. */
export const floatArith = new FloatArith();
