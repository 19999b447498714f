import fc from 'fast-check';
import { advance, defaultParams, type ChainParams } from '../../../engine/chain.ts';

/** Default a_t, b_t with c, x₀ and y drawn from the app's ranges, and T from 2 to 30. */
export const constantsArb = fc
  .record({
    steps: fc.integer({ min: 2, max: 30 }),
    c: fc.double({ min: -1, max: 1.5, noNaN: true }),
    x0: fc.double({ min: -2, max: 2, noNaN: true }),
    target: fc.double({ min: -2, max: 2, noNaN: true }),
  })
  .map((r): ChainParams => defaultParams(r.steps, { c: r.c, x0: r.x0, target: r.target }));

/** A copy of params with a_t (or b_t) moved by h. */
export function nudged(params: ChainParams, which: 'a' | 'b', t: number, h: number): ChainParams {
  const copy = { ...params, a: params.a.slice(), b: params.b.slice() };
  copy[which][t] += h;
  return copy;
}

/** Largest |component| of a gradient pair. */
export function largest(g: { a: ArrayLike<number>; b: ArrayLike<number> }): number {
  let m = 0;
  for (let t = 0; t < g.a.length; t++) m = Math.max(m, Math.abs(g.a[t]), Math.abs(g.b[t]));
  return m;
}

/** x_to from x_from in plain floats: the chain run from a state held fixed. */
export function stateAfter(params: ChainParams, from: number, xFrom: number, to: number): number {
  return advance(params, from, to, xFrom);
}
